import { staffRoles } from '@shared/accounts';
import type { CommunityCategory } from '@shared/community-rules';
import { feedbackPriorities, feedbackStatuses, feedbackTypes } from '@shared/feedback';
import { ledgerAccountKinds, ledgerTransactionKinds } from '@shared/ledger';
import { listingKinds, listingStatuses } from '@shared/listings';
import { suspensionPenalties } from '@shared/moderation';
import { notificationKinds } from '@shared/notifications';
import { offerStatuses } from '@shared/offers';
import { partnershipStatuses, partnershipTypes } from '@shared/partnerships';
import { pixKeyTypes } from '@shared/pix';
import { reportStatuses, reportTargets } from '@shared/reports';
import { reviewAuthorRoles } from '@shared/reviews';
import { supportTicketCategories, supportTicketPriorities, supportTicketStatuses } from '@shared/support';
import { chatMessageKinds } from '@shared/trade-chat';
import { recordingMimeTypes } from '@shared/trade-recordings';
import { tradeEventKinds, tradePhotoPurposes, tradeStates } from '@shared/trades';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ── Tables owned by better-auth (property names are the ones it expects) ──

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  mainGame: text('main_game'),
  /** Set by better-auth's twoFactor plugin once the first code from the authenticator app is confirmed. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * better-auth's twoFactor plugin: the member's TOTP secret and backup codes, both encrypted with the session
 * secret by the plugin; `verified` stays false until the first code confirms the setup.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last TOTP time step (unix time / 30 s) a code was accepted for: only a later one is taken (RFC 6238 §5.2). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ── Our tables ──

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

export const games = pgTable('games', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Other slugs that lead to this game, e.g. 'freefire' for 'free-fire'. */
  aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
});

/** Fixed-window counters shared by every process (sign-in and sign-up limits). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

// ── Marketplace ──

export const listingKind = pgEnum('listing_kind', listingKinds);
export const listingStatus = pgEnum('listing_status', listingStatuses);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    shortDescription: text('short_description').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull().default('BRL'),
    kind: listingKind('kind').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Private: only signed-in users get it, through the contact route. */
    whatsapp: text('whatsapp').notNull(),
    status: listingStatus('status').notNull().default('active'),
    views: integer('views').notNull().default(0),
    /** Full-text document over title, game name and description; kept by a trigger (migration 0002). */
    search: tsvector('search'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_search_idx').using('gin', t.search),
    // DESC NULLS FIRST is what `ORDER BY … DESC` means; Drizzle's bare .desc() writes NULLS LAST, which
    // the planner cannot use for that order.
    index('listings_status_created_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('listings_game_created_idx').on(
      t.gameId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('listings_price_idx').on(t.status, t.priceCents),
    index('listings_popular_idx').on(t.status, t.views.desc().nullsFirst()),
    index('listings_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst()),
  ],
);

export const listingImages = pgTable(
  'listing_images',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    /** Order chosen by the seller; the first one is the primary. */
    position: integer('position').notNull(),
    isPrimary: boolean('is_primary').notNull(),
    /** Storage key prefix; the files are `${key}-${width}.webp`. */
    key: text('key').notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_images_listing_idx').on(t.listingId, t.position)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);

/** Public questions and comments on a listing. */
export const listingComments = pgTable(
  'listing_comments',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('listing_comments_listing_idx').on(t.listingId, t.createdAt)],
);

/** One row per visitor per listing per day: a view counts once a day. Visitor = user id or a hash of IP and agent. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.visitor, t.day] })],
);

/**
 * Words seen in listing titles and game names, unaccented and lower case (kept by the listings trigger).
 * A misspelt search word is replaced by its nearest word here (trigram), a table far smaller than listings.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** How many listing writes used it: a correction prefers words listings actually use. */
    uses: integer('uses').notNull().default(1),
  },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

// ── Community ──

/** Forum posts (part 2 §3). The counts are kept in the same transaction as the like or comment rows. */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: serial('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').$type<CommunityCategory>().notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    repliesCount: integer('replies_count').notNull().default(0),
    createdAt: createdAt(),
    /** Set when the author edits the post; the page says '(editado)'. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('community_posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('community_posts_category_idx').on(
      t.category,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** One like per user per post: the primary key makes a double like impossible, even when concurrent. */
export const communityLikes = pgTable(
  'community_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('community_comments_post_idx').on(t.postId, t.createdAt)],
);

/** The WhatsApp groups directory, kept by staff (the spec hard-codes it in the client). */
export const whatsappGroups = pgTable('whatsapp_groups', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  memberCount: integer('member_count').notNull().default(0),
  whatsappLink: text('whatsapp_link').notNull(),
  gameCategory: text('game_category').notNull(),
  /** Stored picture: storage key prefix and the widths written (see media/photos.ts); null = placeholder. */
  imageKey: text('image_key'),
  imageWidths: integer('image_widths').array().notNull().default(sql`'{}'::int[]`),
  isOfficial: boolean('is_official').notNull().default(false),
  isVip: boolean('is_vip').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ── Moderation ──

export const reportTarget = pgEnum('report_target', reportTargets);
export const reportStatus = pgEnum('report_status', reportStatuses);

/** What users report; staff moderate them (reports issue). One report per user per target. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: reportTarget('target_type').notNull(),
    /** The post or listing id, or the user id, as text. */
    targetId: text('target_id').notNull(),
    /** What the target said when reported: it survives the target's deletion. */
    targetName: text('target_name').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: reportStatus('status').notNull().default('pendente'),
    adminResponse: text('admin_response'),
    /** The staff member who last moved the report. */
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reports_once_per_target_idx').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt),
  ],
);

export const suspensionPenalty = pgEnum('suspension_penalty', suspensionPenalties);

/**
 * Penalties staff give a member (issue 13). A warning only records; the others block sign-in until `ends_at`
 * (null: permanent) and end the member's sessions when given.
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
  },
  (t) => [index('user_suspensions_user_idx').on(t.userId, t.createdAt)],
);

/** Staff actions on other people's content, for the admin audit. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What was removed or changed, so the audit still reads after the row is gone. */
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst())],
);

// ── Money: the double-entry ledger of protected trades (docs/decisions/008-ledger.md) ──
// Append-only: triggers (migration 0011_ledger_rules) refuse UPDATE, DELETE and TRUNCATE of transactions and entries, and
// refuse at commit any transaction whose entries do not sum to zero.

export const ledgerAccountKind = pgEnum('ledger_account_kind', ledgerAccountKinds);
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', ledgerTransactionKinds);

/** `platform:cash`, `platform:escrow`, `platform:fee_revenue`, `user:{userId}:payable`. */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** Asset: debits increase it. Liability, revenue: credits increase it. */
  kind: ledgerAccountKind('kind').notNull(),
  /** The user a payable account belongs to; money records outlive nothing they refer to. */
  userId: text('user_id').references(() => users.id),
  createdAt: createdAt(),
});

/** One movement of money, recorded once: the idempotency key is derived from the event (`trade:{id}:release`). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: ledgerTransactionKind('kind').notNull(),
    /** The trade whose money this moves. The trades issue adds the foreign key once `trades` exists. */
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    description: text('description').notNull(),
    /** The PIX transfer that moved this money (payment in, payout or refund out): one transfer, one movement. */
    endToEndId: text('end_to_end_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_trade_idx').on(t.tradeId),
    uniqueIndex('ledger_transactions_end_to_end_idx').on(t.endToEndId),
    // Escrow leaves a trade once: released to the seller or refunded to the buyer, never both.
    uniqueIndex('ledger_transactions_one_escrow_exit_idx')
      .on(t.tradeId)
      .where(sql`${t.kind} in ('release', 'refund')`),
  ],
);

/** Signed cents: a debit is positive, a credit negative; a transaction's entries sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

// ── PIX keys: where a user's money is paid out ──

export const pixKeyType = pgEnum('pix_key_type', pixKeyTypes);

/** A user's PIX keys (at most `MAX_PIX_KEYS`), stored normalised (src/shared/pix.ts); one of them is the default. */
export const pixKeys = pgTable(
  'pix_keys',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: pixKeyType('type').notNull(),
    key: text('key').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** When this key last became the default (shown on the payment page: a changed payout key is visible). */
    defaultSince: timestamp('default_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pix_keys_user_key_idx').on(t.userId, t.type, t.key),
    // At most one default per user, whatever the writer: two first keys added at once cannot both be it.
    uniqueIndex('pix_keys_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

// ── System status: maintenance announced on /status-sistemas ──

/** Scheduled maintenance, written by staff (audited) and shown on the public status page until it ends. */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_windows_ends_at_idx').on(t.endsAt),
    check('maintenance_windows_ends_after_starts', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

// ── Offers and protected trades (docs/decisions/010-trades.md) ──

export const offerStatus = pgEnum('offer_status', offerStatuses);

/** A buyer's offer on a listing (part 1 §5); accepting it opens a trade at its amount. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    message: text('message'),
    status: offerStatus('status').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('offers_listing_idx').on(t.listingId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('offers_buyer_idx').on(t.buyerId, t.createdAt.desc().nullsFirst()),
    // One open offer per buyer and listing: a double click sends one.
    uniqueIndex('offers_one_pending_idx').on(t.listingId, t.buyerId).where(sql`${t.status} = 'pending'`),
    check('offers_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

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

export const tradeState = pgEnum('trade_state', tradeStates);

/**
 * A protected trade. `state` moves only by `UPDATE … WHERE state = $from` (modules/trades/transitions.ts);
 * `deadline_at` is the one timer running in the current state, swept by the timers job.
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    /** Null once the listing is deleted; the title below keeps the trade readable. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    listingKind: listingKind('listing_kind').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The staff member who took the trade; while null, any staff member may act. */
    intermediaryId: text('intermediary_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    state: tradeState('state').notNull().default('awaiting_value'),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee rate for this trade, fixed when it opens from the seller's seal (5 %, Prata 4,25 %, Ouro 3,5 %). */
    feeRateBps: integer('fee_rate_bps').notNull().default(500),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** A timer that waits on staff passed (delivery not marked, payment not released). */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** The party who must act was warned that the current deadline is near. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    valueConfirmedAt: timestamp('value_confirmed_at', { withTimezone: true }),
    /** The PIX charge: its txid and the copia-e-cola the buyer pays. */
    pixTxid: text('pix_txid'),
    pixCopiaECola: text('pix_copia_e_cola'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentEndToEndId: text('payment_end_to_end_id'),
    deliveryNote: text('delivery_note'),
    /** AES-256-GCM (modules/trades/sealed.ts): only ciphertext is stored. */
    deliveryCredentials: text('delivery_credentials'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    deliveryAutoConfirmed: boolean('delivery_auto_confirmed').notNull().default(false),
    /** A value the seller proposed instead of the agreed one; the buyer accepts or declines it before any charge. */
    proposedAmountCents: integer('proposed_amount_cents'),
    /** An account sale's warranty window ends here (after the buyer's confirmation); the payout is due after it. */
    warrantyEndsAt: timestamp('warranty_ends_at', { withTimezone: true }),
    /** When the payout became due: the seller's default key ('type:key') and holder were fixed on the trade then. */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    /** The seller's key the payout goes to, fixed when it became due ('type:key'); a later default does not move it. */
    payoutPixKey: text('payout_pix_key'),
    payoutHolderName: text('payout_holder_name'),
    payoutEndToEndId: text('payout_end_to_end_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refundEndToEndId: text('refund_end_to_end_id'),
    /** With API Pix: the devolução's own id at the PSP (rtrId). */
    refundReturnId: text('refund_return_id'),
    cancelReason: text('cancel_reason'),
    disputeOpenedBy: text('dispute_opened_by').references(() => users.id, { onDelete: 'set null' }),
    disputeReason: text('dispute_reason'),
    disputeOpenedAt: timestamp('dispute_opened_at', { withTimezone: true }),
    disputeDecision: text('dispute_decision'),
    disputeDecisionReason: text('dispute_decision_reason'),
    disputeDecidedAt: timestamp('dispute_decided_at', { withTimezone: true }),
    /** A moderator's recommended decision, which an admin confirms (money decisions are admins'). */
    disputeRecommendation: text('dispute_recommendation'),
    disputeRecommendationReason: text('dispute_recommendation_reason'),
    disputeRecommendedBy: text('dispute_recommended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trades_buyer_idx').on(t.buyerId, t.updatedAt.desc().nullsFirst()),
    index('trades_seller_idx').on(t.sellerId, t.updatedAt.desc().nullsFirst()),
    index('trades_listing_state_idx').on(t.listingId, t.state),
    index('trades_deadline_idx').on(t.deadlineAt),
    uniqueIndex('trades_offer_idx').on(t.offerId),
    uniqueIndex('trades_pix_txid_idx').on(t.pixTxid),
    // One open trade per buyer and listing: a double click on 'Compra protegida' opens one.
    uniqueIndex('trades_one_open_per_buyer_idx')
      .on(t.listingId, t.buyerId)
      .where(sql`${t.state} not in ('completed', 'cancelled', 'refunded')`),
    check('trades_amount_positive', sql`${t.amountCents} > 0`),
    check('trades_fee_rate_range', sql`${t.feeRateBps} between 0 and 10000`),
    check('trades_parties_differ', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

export const tradeEventKind = pgEnum('trade_event_kind', tradeEventKinds);

/** The room's history: every transition, who did it (null: the system) and when. Also the live room's sequence. */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: tradeEventKind('kind').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('trade_events_trade_idx').on(t.tradeId, t.id)],
);

export const tradePhotoPurpose = pgEnum('trade_photo_purpose', tradePhotoPurposes);

/**
 * A photo inside a trade (delivery proof, dispute evidence). Private: its files live under 'trades/<id>/', which
 * `/media` never serves; `GET /api/trades/:id/photos/:photoId` streams them to who may see the trade.
 */
export const tradePhotos = pgTable(
  'trade_photos',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    purpose: tradePhotoPurpose('purpose').notNull(),
    /** Storage key prefix; the files are `${key}-${width}.webp`. */
    key: text('key').notNull(),
    widths: integer('widths').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_photos_trade_idx').on(t.tradeId, t.id)],
);
// ── Trade chat (docs/decisions/013-trade-chat.md): the parties' and staff's messages inside a trade ──

export const chatMessageKind = pgEnum('chat_message_kind', chatMessageKinds);

/**
 * One chat line of a trade. `author_id` is null for a line the platform wrote (the off-platform warning) and once
 * the author's account is gone. The trade's steps are not copied here: the chat reads `trade_events` beside it.
 * An image's files live with the trade's other private files under 'trades/<id>/' (`${image_key}-${width}.webp`).
 */
export const tradeChatMessages = pgTable(
  'trade_chat_messages',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    kind: chatMessageKind('kind').notNull(),
    body: text('body').notNull().default(''),
    imageKey: text('image_key'),
    imageWidths: integer('image_widths').array(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_chat_messages_trade_idx').on(t.tradeId, t.id)],
);

/** How far each user has read a trade's chat: the id of the last message they saw. */
export const tradeChatReads = pgTable(
  'trade_chat_reads',
  {
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: integer('last_read_id').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tradeId, t.userId] })],
);

// ── The recorded voice call (issue 11, decision 015): one row per recording, its chunks in order ──

/**
 * One recording of a trade room's voice call, by its designated recorder (the intermediary, else the buyer).
 * `chunk_count` is the next chunk expected: chunks arrive strictly in order, each guarded by this count.
 */
export const tradeRecordings = pgTable(
  'trade_recordings',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorderRole: text('recorder_role', { enum: ['comprador', 'intermediador'] }).notNull(),
    mimeType: text('mime_type', { enum: recordingMimeTypes }).notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastChunkAt: timestamp('last_chunk_at', { withTimezone: true }),
    /** Null while recording, and for good when the tab closed before it could say so. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * Where the audio stream stood after the last stored chunk (modules/trade-recordings/stream.ts): the next
     * chunk must continue it. Null before the first chunk.
     */
    streamState: jsonb('stream_state'),
    /** How long the stored audio plays, from the blocks' own timestamps (what a lost last chunk held is not in it). */
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    index('trade_recordings_trade_idx').on(t.tradeId, t.id),
    check('trade_recordings_chunk_count', sql`${t.chunkCount} >= 0`),
  ],
);

/** One timeslice of a recording, stored under `recordings/<trade>/<recording>/`; played back in `seq` order. */
export const tradeRecordingChunks = pgTable(
  'trade_recording_chunks',
  {
    recordingId: integer('recording_id')
      .notNull()
      .references(() => tradeRecordings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    key: text('key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);
// ── Notifications: what the bell shows (offers and trades write them inside their own transactions) ──

export const notificationKind = pgEnum('notification_kind', notificationKinds);

/** One line in a user's bell; `read_at` is null until the user opens it or marks all as read. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An app path such as `/intermediacao/12`, never another site (src/shared/notifications.ts). */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * When the e-mail copy (decision 019) may next be tried; null when none is due: its kind is not mailed, or
     * it was sent, skipped or given up. A claim moves it ahead by a lease, so a crashed sender's claim returns.
     */
    mailDueAt: timestamp('mail_due_at', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    // The mail sender's queue: only the rows with a mail still due.
    index('notifications_mail_due_idx').on(t.mailDueAt).where(sql`${t.mailDueAt} is not null`),
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The badge's count reads only the unread ones.
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

// ── Account settings: switches, sign-in history (settings issue) ──

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

// ---------------------------------------------------------------------------------------------------------------
// Partnership requests and feedback (part 2 §3): public forms the staff answers (issue 13).

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

/**
 * Who is in a trade's room right now, one row per open socket (docs/decisions/014-voice-call.md). Rows live as
 * long as their process refreshes them: a process that dies leaves rows that expire and are swept by the others.
 */
export const tradePresence = pgTable(
  'trade_presence',
  {
    /** The socket's id, made by the server when it opened. */
    connectionId: text('connection_id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'comprador' | 'vendedor' | 'intermediador'; null for staff watching a trade another staff member took. */
    role: text('role'),
    inCall: boolean('in_call').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('trade_presence_trade_idx').on(t.tradeId),
    index('trade_presence_expires_idx').on(t.expiresAt),
    // One connection per role in a trade's call: a mesh of at most buyer, seller and one intermediary.
    uniqueIndex('trade_presence_call_role_idx').on(t.tradeId, t.role).where(sql`${t.inCall}`),
  ],
);

// ── Reviews of finished trades (issue 12, docs/decisions/016-reputation.md) ──

export const reviewAuthorRole = pgEnum('review_author_role', reviewAuthorRoles);

/**
 * One review per trade and author: the buyer rates the seller, the seller rates the buyer. It is public from
 * `published_at`, set to the end of the review period (7 days after the trade ended) when written, and brought
 * forward to the moment the other side writes theirs.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: reviewAuthorRole('author_role').notNull(),
    /** Copied from the trade so the listing page finds its reviews without the trades table. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** The trade ended refunded: shown on the buyer's review. */
    refunded: boolean('refunded').notNull().default(false),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Writing and editing close here (the trade's end + 7 days). */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_trade_author_idx').on(t.tradeId, t.authorId),
    index('reviews_subject_idx').on(t.subjectId, t.authorRole, t.publishedAt),
    index('reviews_listing_idx').on(t.listingId, t.publishedAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_parties_differ', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);

/** Home banners (issue 13): admins manage them in the panel; /home shows the active ones by display order. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    /** An uploaded picture under 'banners/<id>/' (the photo pipeline's WebP widths), or… */
    imageKey: text('image_key'),
    imageWidths: integer('image_widths').array().notNull().default(sql`'{}'::int[]`),
    /** …an https address given by the admin. Exactly one of the two is set. */
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    displayOrder: integer('display_order').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('banners_active_order_idx').on(t.active, t.displayOrder),
    check('banners_display_order_positive', sql`${t.displayOrder} >= 1`),
    check('banners_one_image', sql`(${t.imageKey} is null) <> (${t.imageUrl} is null)`),
  ],
);
