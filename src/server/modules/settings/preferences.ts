import { defaultUserSettings, type UserSettings, type UserSettingsInput } from '@shared/settings';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

type Row = typeof userSettings.$inferSelect;

const toSettings = (row: Row | undefined): UserSettings =>
  row
    ? {
        notifications: {
          email: row.emailNotifications,
          push: row.pushNotifications,
          sms: row.smsNotifications,
          marketing: row.marketingNotifications,
        },
        privacy: {
          profilePublic: row.profilePublic,
          showOnline: row.showOnline,
          showActivity: row.showActivity,
        },
      }
    : defaultUserSettings;

/** The settings of a user; no row means the spec's defaults (part 2 §3). */
export async function readUserSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return toSettings(row);
}

/**
 * Where the switches are honoured today:
 * - privacy.profilePublic: GET /api/profiles/:id hides the full name and bio from everyone but the owner (the
 *   phone is never public); the trade room shows the payout's holder name to the buyer and moderators only when on
 *   (trades/view.ts);
 * - notifications.email: the notification mail sender (notifications/mail-sender.ts, decision 019) asks it
 *   before each batch of mails, support replies included. Transactional mails always go.
 * - privacy.showActivity: the seller page's 'Atividade recente' (GET /api/users/:username/activity) goes to
 *   others only when it is on and the profile public (profiles/activity.ts); the owner always sees it;
 * - privacy.showOnline: a seller's 'last seen' (reviews/stats.ts) is shown to others only when it is on;
 * - notifications.push: read by the browser, which shows a background tab's new notifications as its own alerts
 *   (web lib/browser-alerts.ts); nothing is pushed to a closed browser;
 * - sms, marketing: stored; nothing sends SMS or marketing yet.
 */
export function createPreferencesService(db: Db) {
  return {
    read: (viewer: Viewer) => readUserSettings(db, viewer.userId),

    /** Writes only the switches sent; the first save creates the row with the defaults for the rest. */
    async update(viewer: Viewer, input: UserSettingsInput): Promise<UserSettings> {
      const n = input.notifications ?? {};
      const p = input.privacy ?? {};
      const changes = {
        ...(n.email !== undefined && { emailNotifications: n.email }),
        ...(n.push !== undefined && { pushNotifications: n.push }),
        ...(n.sms !== undefined && { smsNotifications: n.sms }),
        ...(n.marketing !== undefined && { marketingNotifications: n.marketing }),
        ...(p.profilePublic !== undefined && { profilePublic: p.profilePublic }),
        ...(p.showOnline !== undefined && { showOnline: p.showOnline }),
        ...(p.showActivity !== undefined && { showActivity: p.showActivity }),
      };
      const insert = db.insert(userSettings).values({ userId: viewer.userId, ...changes });
      const [row] = Object.keys(changes).length
        ? await insert.onConflictDoUpdate({ target: userSettings.userId, set: changes }).returning()
        : await insert.onConflictDoNothing().returning();
      return row ? toSettings(row) : readUserSettings(db, viewer.userId);
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
