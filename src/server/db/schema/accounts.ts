import { staffRoles } from '@shared/accounts';
import { suspensionPenalties } from '@shared/moderation';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';
import { reports } from './reports';

// An account's own rows beyond better-auth's: public profile, staff role, settings, sign-in history, suspensions.

/** Public face of a user (part 1 §3). One row per user, created with the account. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    /**
     * The username's UTS #39 confusable skeletons (accounts/names.ts): a new name whose skeletons overlap these is
     * a look-alike of this member's. Filled on every write of the name; rows older than the column at start.
     */
    nameSkeletons: text('name_skeletons').array().notNull().default(sql`'{}'::text[]`),
    fullName: text('full_name'),
    phone: text('phone'),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('profiles_name_skeletons_idx').using('gin', t.nameSkeletons)],
);

export const staffRole = pgEnum('staff_role', staffRoles);

export const adminRoles = pgTable('admin_roles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: staffRole('role').notNull(),
  createdAt: createdAt(),
});

export const suspensionPenalty = pgEnum('suspension_penalty', suspensionPenalties);

/**
 * Penalties staff give a member (issue 13). A warning only records; the others block sign-in until `ends_at`
 * (null: permanent) and end the member's sessions when given; staff may lift one early (members.ts).
 */
export const userSuspensions = pgTable(
  'user_suspensions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    penalty: suspensionPenalty('penalty').notNull(),
    reason: text('reason').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * Lifted early (issue 22): `ends_at` is set to the moment of the lift, so "penalty != 'advertencia' and
     * (ends_at is null or ends_at > now)" stays the one test of an active suspension; these say who and why.
     */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: text('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
  },
  (t) => [index('user_suspensions_user_idx').on(t.userId, t.createdAt)],
);

/** The settings page's switches (part 2 §3), one row per user, written on the first save; no row = the defaults. */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  marketingNotifications: boolean('marketing_notifications').notNull().default(false),
  profilePublic: boolean('profile_public').notNull().default(true),
  showOnline: boolean('show_online').notNull().default(true),
  showActivity: boolean('show_activity').notNull().default(false),
  /** Web Push (issue 38): the per-event switches turned off or on ({ event: boolean }); an event not in it is on. */
  pushEvents: jsonb('push_events').$type<Partial<Record<string, boolean>>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** Every sign-in through /api/accounts/login on an existing account, right or wrong password. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    success: boolean('success').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);
