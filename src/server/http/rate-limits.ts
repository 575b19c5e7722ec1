import type { RateLimitRule } from '../auth/rate-limit';

/**
 * Every route's rate limits, named in one place (auth/rate-limit.ts counts them, over RATE_LIMIT_WINDOW_SECONDS):
 * a route's config says `rateLimit: rateLimits.<name>`. One counter per action; two routes naming the same preset
 * share it (liking and unliking, the report forms).
 */
const member = (action: string, max: number): RateLimitRule => ({ per: 'member', action, max });
const address = (action: string, max: number): RateLimitRule => ({ per: 'address', action, max });

/**
 * The PSP's webhook calls per sending address. A PSP calls once per PIX received (or groups them), so this is about
 * one a second from its address, sustained; past it the PSP retries later, and the charge re-check job reads
 * pending charges again anyway.
 */
export const MAX_WEBHOOK_CALLS = 600;
/** Listing edits replace photos too (each decoded and re-encoded): more than publishes, still a ceiling. */
export const MAX_LISTING_EDITS = 30;
/** Messages a member may send per window, across their trades. */
export const MAX_CHAT_MESSAGES = 120;

const staffWrites = [member('staff-write', 300)];

export const rateLimits = {
  /**
   * Every write of the staff side (queues, desk, moderation, admin), one counter per member: generous for a person
   * working a queue, a ceiling for a script driving a stolen staff session.
   */
  staffWrites,
  /** A staff write carrying an image (banners, group pictures): decoded and re-encoded, so fewer of them. */
  staffImageWrites: [...staffWrites, member('staff-image', 60)],
  /**
   * Exports read a whole filtered queue, so each staff member has a counter of their own: plenty for a person
   * exporting a view, a ceiling for a script pulling the data out of a stolen staff session.
   */
  staffExports: [member('staff-export', 60)],

  /** Sign-up, sign-in and the reset request: one counter per address and one per e-mail. */
  credentials: [
    { per: 'address' },
    { per: 'account', email: (request) => (request.body as { email: string }).email },
  ] satisfies RateLimitRule[],
  /** The reset's confirmation and the two-factor sign-in carry a token, not an e-mail: per address only. */
  perAddress: [{ per: 'address' }] satisfies RateLimitRule[],
  confirmationResend: [address('confirmation-resend', 20)],
  oauthStart: [address('oauth-start', 30)],
  /** Public forms, per address: addresses are shared (CGNAT, LAN houses), so not too tight. */
  partnershipForm: [address('partnership-form', 20)],
  feedbackForm: [address('feedback-form', 20)],
  pixWebhook: [address('pix-webhook', MAX_WEBHOOK_CALLS)],

  /** The forum, per member: enough for an eager member, too few for a spam script. */
  communityPost: [member('community-post', 10)],
  communityPostEdit: [member('community-post-edit', 30)],
  communityDelete: [member('community-delete', 60)],
  communityLike: [member('community-like', 120)],
  communityComment: [member('community-comment', 60)],
  postReport: [member('post-report', 20)],
  /** Listings, like the forum: plenty for a real seller, too few for a spam script. */
  listingPublish: [member('listing-publish', 10)],
  listingEdit: [member('listing-edit', MAX_LISTING_EDITS)],
  listingDelete: [member('listing-delete', 60)],
  listingComment: [member('listing-comment', 30)],
  favorite: [member('favorite', 120)],
  /** A buyer shopping around makes a few offers, a script flooding sellers many. */
  offerMake: [member('offer-make', 20)],
  /** Answers (accept, reject, withdraw): a seller clearing a busy inbox fits easily. */
  offerAnswer: [member('offer-answer', 60)],
  tradeStart: [member('trade-start', 20)],
  tradeStep: [member('trade-step', 120)],
  /** A step carrying photos (delivery, evidence) counts on the photos' counter too. */
  tradePhotoStep: [
    member('trade-step', 120),
    { per: 'member', action: 'trade-photos', max: 30, multipartOnly: true },
  ] satisfies RateLimitRule[],
  tradeChat: [
    member('trade-chat', MAX_CHAT_MESSAGES),
    { per: 'member', action: 'trade-chat-image', max: 30, multipartOnly: true },
  ] satisfies RateLimitRule[],
  tradeChatRead: [member('trade-chat-read', 600)],
  /** Starts and ends of a call recording (one counter): a reloaded tab starts again. */
  tradeRecordingStart: [member('trade-recording-start', 120)],
  /** A recording's chunks: as many as a whole window of recording sends (shared/trade-recordings.ts). */
  tradeRecordingChunk: (chunksPerWindow: number) => [member('trade-recording-chunk', chunksPerWindow)],
  reviewWrite: [member('review-write', 60)],
  /** Reports are for real problems, not a way to flood the staff. */
  report: [member('report', 20)],
  /** A few real problems, not a flood. */
  supportTicket: [member('support-ticket', 10)],
  notificationRead: [member('notification-read', 300)],
  /** Each write may carry a guess of the password or the two-factor code: counted per member. */
  pixKeyChange: [member('pix-key-change', 20)],
  twoFactor: [member('two-factor', 10)],
  /** Issue 36: recording or changing the payout identity carries a password or code guess, like the keys. */
  payoutIdentityChange: [member('payout-identity-change', 10)],
  profileUpdate: [member('profile-update', 30)],
  avatarUpload: [member('avatar-upload', 20)],
  settingsUpdate: [member('settings-update', 60)],
  changePassword: [member('change-password', 10)],
  sessionEnd: [member('session-end', 30)],
  dataExport: [member('data-export', 10)],
  deleteAccount: [member('delete-account', 10)],
  // Instant delivery (issue 37): an import seals up to 1,000 codes; the export carries a step-up guess.
  codeImport: [member('code-import', 30)],
  codeRemove: [member('code-remove', 300)],
  codeExport: [member('code-export', 10)],
  // Payouts through Efí (issue 36): the send results' webhook, counted per address before its secret is checked.
  payoutWebhook: [address('payout-webhook', MAX_WEBHOOK_CALLS)],
  // Web Push (issue 38): a browser subscribes once and again when it renews its keys; a few devices removed.
  pushSubscribe: [member('push-subscribe', 30)],
  pushUnsubscribe: [member('push-unsubscribe', 60)],
  // Saved searches that alert (issue 38 part 3).
  /** Creating, renaming, pausing and deleting alerts: a member tidying thirty of them fits easily. */
  savedSearchWrite: [member('saved-search-write', 120)],
  /** The e-mails' signed-out unsubscribe link, per address: one tap each, a ceiling for a script guessing tokens. */
  alertUnsubscribe: [address('alert-unsubscribe', 60)],
};
