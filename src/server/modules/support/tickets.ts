import type { MemberTicket, TicketInput } from '@shared/support-tickets';
import { desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { supportTickets, users } from '../../db/schema';

/** How many of a member's own tickets the help page lists. */
const MAX_LISTED_TICKETS = 50;

/** Tickets a member opens on /ajuda and reads back with the staff reply (issue 14). */
export function createTicketsService(db: Db) {
  return {
    async open({ userId, email }: Viewer, input: TicketInput): Promise<{ id: number }> {
      const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
      const [row] = await db
        .insert(supportTickets)
        .values({ userId, userEmail: email, userName: user?.name ?? email, ...input })
        .returning({ id: supportTickets.id });
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async mine({ userId }: Viewer): Promise<MemberTicket[]> {
      const rows = await db
        .select({
          id: supportTickets.id,
          category: supportTickets.category,
          subject: supportTickets.subject,
          description: supportTickets.description,
          status: supportTickets.status,
          adminResponse: supportTickets.adminResponse,
          respondedAt: supportTickets.respondedAt,
          createdAt: supportTickets.createdAt,
        })
        .from(supportTickets)
        .where(eq(supportTickets.userId, userId))
        .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
        .limit(MAX_LISTED_TICKETS);
      return rows.map((r) => ({
        ...r,
        respondedAt: r.respondedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
