import { feedbackPriorities, feedbackStatuses, feedbackTypes } from '@shared/feedback';
import { partnershipStatuses, partnershipTypes } from '@shared/partnerships';
import { supportTicketCategories, supportTicketPriorities, supportTicketStatuses } from '@shared/support';
import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';

// Support tickets, and the partnership requests and feedback sent from public forms (part 2 §3, issue 13).

export const supportTicketCategory = pgEnum('support_ticket_category', supportTicketCategories);
export const supportTicketStatus = pgEnum('support_ticket_status', supportTicketStatuses);
export const supportTicketPriority = pgEnum('support_ticket_priority', supportTicketPriorities);

/** Support tickets (part 2 §3); a protected trade opens one (category intermediacao, priority high). */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: supportTicketCategory('category').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    status: supportTicketStatus('status').notNull().default('open'),
    priority: supportTicketPriority('priority').notNull().default('normal'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    adminResponse: text('admin_response'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('support_tickets_status_idx').on(t.status, t.createdAt)],
);

export const partnershipType = pgEnum('partnership_type', partnershipTypes);
export const partnershipStatus = pgEnum('partnership_status', partnershipStatuses);

/** A request sent from /parcerias; staff approves or rejects it with notes. */
export const partnerships = pgTable(
  'partnerships',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    partnershipType: partnershipType('partnership_type').notNull(),
    description: text('description').notNull(),
    status: partnershipStatus('status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('partnerships_status_idx').on(t.status, t.createdAt)],
);

export const feedbackStatus = pgEnum('feedback_status', feedbackStatuses);
export const feedbackType = pgEnum('feedback_type', feedbackTypes);
export const feedbackPriority = pgEnum('feedback_priority', feedbackPriorities);

/** A message sent from /enviar-feedback; staff responds to it or marks it resolved. */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: serial('id').primaryKey(),
    feedbackType: feedbackType('feedback_type').notNull().default('sugestao'),
    /** 1–5 stars (part 2 §5). */
    rating: integer('rating').notNull().default(5),
    userName: text('user_name'),
    userEmail: text('user_email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Only for a bug: what the sender's browser said, as they left it. */
    browser: text('browser'),
    device: text('device'),
    status: feedbackStatus('status').notNull().default('pending'),
    priority: feedbackPriority('priority').notNull().default('normal'),
    adminResponse: text('admin_response'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: text('responded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_responses_status_idx').on(t.status, t.createdAt)],
);
