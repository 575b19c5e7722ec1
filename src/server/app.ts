import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { errorMessages } from '@shared/errors';
import { MAX_CLIENT_FRAME_BYTES } from '@shared/realtime';
import { REALTIME_CLOSE } from '@shared/realtime-close';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth';
import { registerRateLimits } from './auth/rate-limit';
import { authHandlerRoutes } from './auth/routes';
import { createSessionReader, type SessionReader } from './auth/session';
import type { Config } from './config';
import type { Database } from './db/client';
import { readOrCreateSharedSecret, withSessionSecret } from './db/server-secrets';
import { registerErrorHandling } from './error-handler';
import { AppError } from './errors';
import { type AppJobs, createAppJobs, periodicJobs } from './jobs';
import { createMailCheck, createMailer, type QueueMail } from './mail/mailer';
import { registerMetrics } from './metrics';
import { accountAuthHooks } from './modules/accounts/auth-hooks';
import { createDeletionService } from './modules/accounts/deletion';
import { staffMemberRoutes } from './modules/accounts/member-routes';
import { createMembersService } from './modules/accounts/members';
import { accountsRoutes } from './modules/accounts/routes';
import { createAccountsService } from './modules/accounts/service';
import { staffSuspensionRoutes } from './modules/accounts/suspension-routes';
import { createSuspensionsService } from './modules/accounts/suspensions';
import { createTwoFactorService } from './modules/accounts/two-factor';
import { createAuditReader } from './modules/admin/audit';
import { createDeadLettersService } from './modules/admin/dead-letters';
import { createOverviewReader } from './modules/admin/overview';
import { adminRoutes } from './modules/admin/routes';
import { createStaffService } from './modules/admin/staff';
import { createSystemReader } from './modules/admin/system';
import { adminBannerRoutes, publicBannerRoutes } from './modules/banners/routes';
import { createBannersService } from './modules/banners/service';
import { createPostCommentsService } from './modules/community/comments';
import { createLikesService } from './modules/community/likes';
import { createPostsService } from './modules/community/posts';
import { communityRoutes } from './modules/community/routes';
import { contactRoutes } from './modules/contact/routes';
import { discordRoutes } from './modules/discord/routes';
import { favoritesRoutes } from './modules/favorites/routes';
import { createFavoritesService } from './modules/favorites/service';
import { gamesRoutes } from './modules/games/routes';
import { groupsRoutes } from './modules/groups/routes';
import { createGroupsService } from './modules/groups/service';
import { createReadiness, type ReadinessCheck } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { createLedger } from './modules/ledger/service';
import { listingCodesRoutes } from './modules/listing-codes/routes';
import { createListingCodesService } from './modules/listing-codes/service';
import { createCommentsService } from './modules/listings/comments';
import { listingsRoutes } from './modules/listings/routes';
import { createListingsService } from './modules/listings/service';
import { mediaRoutes } from './modules/media/routes';
import {
  createNotificationMailSender,
  type NotificationMailSender,
} from './modules/notifications/mail-sender';
import { notificationsRoutes } from './modules/notifications/routes';
import { createNotificationsService, notify } from './modules/notifications/service';
import { offersRoutes } from './modules/offers/routes';
import { createOffersService } from './modules/offers/service';
import { paymentsRoutes } from './modules/payments/routes';
import { createPaymentsService } from './modules/payments/service';
import { createPayoutIdentityService, payoutIdentityOf } from './modules/payout-identity';
import { payoutIdentityRoutes } from './modules/payout-identity/routes';
import { onSendNotifiedFor } from './modules/payouts/efi-webhook';
import { efiWebhookRoutes } from './modules/payouts/efi-webhook-routes';
import type { PayoutProvider } from './modules/payouts/provider';
import { createPayoutProvider } from './modules/payouts/providers';
import { reconcilePayoutsDay } from './modules/payouts/reconciliation';
import { payoutsRoutes } from './modules/payouts/routes';
import { createPayoutSender, type PayoutIdentityOf, type PayoutSender } from './modules/payouts/sender';
import { createPayoutsService } from './modules/payouts/service';
import { createPixProvider, type OnChargePaid, type PixProvider, pixRoutes } from './modules/pix';
import { createPixKeyConfirmation } from './modules/pix-keys/confirmation';
import { pixKeysRoutes } from './modules/pix-keys/routes';
import { createPixKeysService } from './modules/pix-keys/service';
import { profilesRoutes } from './modules/profiles/routes';
import { sellerPageRoutes } from './modules/profiles/seller-routes';
import { resolveVapidKeys } from './modules/push/keys';
import { pushRoutes } from './modules/push/routes';
import { createPushSender, type PushSender } from './modules/push/sender';
import { createPushService, readPushFigures } from './modules/push/service';
import { createPushTransport } from './modules/push/transport';
import { memberReportsRoutes, staffReportsRoutes } from './modules/reports/routes';
import { createReportsService } from './modules/reports/service';
import { reviewsRoutes } from './modules/reviews/routes';
import { createReviewsService } from './modules/reviews/service';
import {
  createSavedSearchAlerts,
  recordListingEvent,
  type SavedSearchAlerts,
} from './modules/saved-searches/matching';
import { savedSearchesRoutes } from './modules/saved-searches/routes';
import { createSavedSearchesService } from './modules/saved-searches/service';
import { createUnsubscribeTokens } from './modules/saved-searches/unsubscribe';
import { unsubscribeRoutes } from './modules/saved-searches/unsubscribe-routes';
import { seoRoutes } from './modules/seo/routes';
import { createDataExportService } from './modules/settings/data-export';
import { createPreferencesService } from './modules/settings/preferences';
import { createProfileService } from './modules/settings/profile';
import { settingsRoutes } from './modules/settings/routes';
import { createSecurityService } from './modules/settings/security';
import { twoFactorRoutes } from './modules/settings/two-factor-routes';
import { shareRoutes } from './modules/share/routes';
import { createRealtimeCheck } from './modules/status/realtime-check';
import { statusRoutes } from './modules/status/routes';
import { CHECK_TIMEOUT_MS, createStatusService } from './modules/status/service';
import { createSupportFormsService } from './modules/support/forms';
import { supportFormsRoutes } from './modules/support/forms-routes';
import { supportQueueRoutes } from './modules/support/queue-routes';
import { createSupportQueuesService } from './modules/support/queues';
import { supportRoutes } from './modules/support/routes';
import { createTicketsService } from './modules/support/tickets';
import { tradeCallRoutes } from './modules/trade-call/routes';
import { createTradeCallService } from './modules/trade-call/service';
import { tradeChatRoutes } from './modules/trade-chat/routes';
import { createTradeChatService } from './modules/trade-chat/service';
import { tradeRecordingsRoutes } from './modules/trade-recordings/routes';
import {
  createTradeRecordingsService,
  type TradeRecordingsService,
} from './modules/trade-recordings/service';
import { recheckWaitingCharges } from './modules/trades/charge-recheck';
import { createTradesDeskService } from './modules/trades/desk';
import { tradesDeskRoutes } from './modules/trades/desk-routes';
import { instantFraudRoutes } from './modules/trades/instant-fraud-routes';
import { tradePixOf } from './modules/trades/pix';
import { tradesRoutes } from './modules/trades/routes';
import { createSealer } from './modules/trades/sealed';
import { createTradesService } from './modules/trades/service';
import { releaseHeldTrades } from './modules/trades/staff-steps';
import { createTradeTimers, type TradeTimers } from './modules/trades/timers';
import { createRealtimeBus, type RealtimeBus } from './realtime/bus';
import { createRealtimeHub, type RealtimeHub } from './realtime/hub';
import { createTradeRooms, type TradeRooms } from './realtime/rooms';
import { realtimeRoutes } from './realtime/routes';
import { requestLogSerializers } from './request-log';
import { checkStorage, createStorage } from './storage';
import { createDiskSpace } from './storage/disk';
import type { Storage } from './storage/storage';
import { registerWebApp } from './web';

export interface BuildOptions {
  /** An open, migrated database; its owner closes it. */
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where uploads go; by default the one `config.media` describes. */
  storage?: Storage;
  /** Stands in for the built index.html; null serves no web app (API tests, whether or not a build exists). */
  indexHtml?: string | null;
  /** URLs per sitemap file (50,000 by default); tests make it small. */
  sitemapPageSize?: number;
  /**
   * The PIX provider, by default the one `config.pix` names, and the webhook's callback, by default the trades'
   * confirmation (tests pass a provider talking to a mock PSP, or watch the callback).
   */
  pix?: { provider?: PixProvider; onChargePaid?: OnChargePaid };
  /** The clock of the trades' timers; tests move it. */
  now?: () => Date;
  /** The payout provider, by default the one `config.payout` names, and the sellers' identities (tests give theirs). */
  payouts?: { provider?: PayoutProvider; identityOf?: PayoutIdentityOf };
}

/** One registration on the app, awaited in the order of its list. */
type Registration = (app: FastifyInstance) => PromiseLike<unknown>;

/** A domain's route plugin with its prefix and what it is handed, checked against the options it declares. */
function mount<Options extends object>(
  plugin: FastifyPluginAsyncZod<Options>,
  options: Options & { prefix?: string },
): Registration {
  return (app) => app.register(plugin, options);
}

/** The options' logger (tests give theirs, or false) or the configured one; either way, no query values logged. */
function loggerOf(config: Config, logger: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const chosen =
    typeof logger === 'object'
      ? logger
      : {
          level: config.logLevel,
          ...(config.env === 'development' && {
            transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
          }),
        };
  return { ...chosen, serializers: requestLogSerializers };
}

/** Builds the whole app (API, auth, SPA) without listening: main.ts and the tests share it. */
export async function buildApp(config: Config, options: BuildOptions) {
  const app = Fastify({
    logger: loggerOf(config, options.logger),
    // The proxies whose X-Forwarded-For is believed (TRUST_PROXY): request.ip, the rate limits, the login history.
    trustProxy: config.trustProxy,
    // Once closing, the hook below answers new requests in pt-BR instead of Fastify's English 503.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { database } = options;
  const { db } = database;
  // Prometheus metrics (GET /metrics, with METRICS_TOKEN): first, so their timing reaches every route.
  registerMetrics(app, { token: config.metricsToken, database });

  const sendMail = createMailer(config.mail, app.log);
  // Web Push (issue 38): the VAPID pair given, or the one generated once into the database for every process.
  const vapid = await resolveVapidKeys(config.push.vapid, db);
  let pushes: PushSender | undefined;
  // Saved searches that alert (issue 38 part 3): made before the jobs, whose match job runs them; their mails go as
  // the mail job (`jobs`, read when a match runs). The unsubscribe links are signed with a secret every process shares.
  const unsubscribeTokens = createUnsubscribeTokens(await readOrCreateSharedSecret(db, 'alert-unsubscribe'));
  const savedSearchAlerts = createSavedSearchAlerts({
    db,
    queueMail: (mail, via) => jobs.send('mail', mail, { via }),
    publicUrl: config.publicUrl,
    tokens: unsubscribeTokens,
    now: options.now ?? (() => new Date()),
    log: app.log,
  });
  // The jobs (decision 021): made first, so every service can send a payload job; pg-boss opens with the app (its
  // ready) and works the payload jobs, main.ts starts the periodic ones, app.close() stops it all.
  const jobs = createAppJobs({
    database,
    log: app.log,
    sendMail,
    mailRetrySeconds: config.mail.retrySeconds,
    savedSearchAlerts,
    pushRetrySeconds: config.push.retrySeconds,
    pushes: () => {
      if (!pushes) throw new Error('push: o remetente ainda não foi criado');
      return pushes;
    },
  });
  pushes = createPushSender({
    db,
    transport: createPushTransport({ ...vapid, subject: config.push.subject }),
    log: app.log,
    queue: (order, via) => jobs.send('push', order, { via }),
  });
  app.addHook('onReady', () => jobs.open());
  /** Every one-off mail goes as the mail job, in the caller's transaction when it passes one. */
  const queueMail: QueueMail = (mail, via) => jobs.send('mail', mail, { via });
  // With PostgreSQL and no SESSION_SECRET, every process signs with the one kept in the database (decision 025).
  const { sessionSecret } = await withSessionSecret(config, db);
  const auth = createAuth(
    { ...config, sessionSecret },
    db,
    { send: sendMail, queue: queueMail },
    app.log,
    accountAuthHooks(db),
  );
  const session = createSessionReader(auth, db);
  const storage = options.storage ?? createStorage(config.media);

  // Route guards (auth/guards.ts) read the viewer through `app.session`; services take it from the request.
  app.decorate('session', session);
  // Every upload path refuses while the data folder is short of space (issue 25; storage/disk.ts).
  const diskSpace = createDiskSpace({
    dir: config.dataDir,
    minFreeBytes: config.minFreeDiskBytes,
    log: app.log,
  });
  app.decorate('diskSpace', diskSpace);
  // Whether to send this process traffic (GET /api/health/ready); unready from the first step of closing.
  const readiness = createReadiness({ database, diskSpace, log: app.log });
  app.decorate('readiness', readiness);
  // A request arriving on a kept-alive connection after the shutdown began (those in flight carry on): 503, and
  // the connection closes so the client's retry goes to another process. The health checks answer for themselves.
  app.addHook('onRequest', async (request, reply) => {
    if (!readiness.isDraining() || request.url.startsWith('/api/health')) return;
    reply.header('connection', 'close');
    throw new AppError('SHUTTING_DOWN', errorMessages.shuttingDown);
  });
  app.decorateRequest('viewer', null);
  registerRateLimits(app, {
    db,
    windowSeconds: config.rateLimit.windowSeconds,
    maxAttempts: config.rateLimit.max,
  });

  // HTML pages and API answers leave compressed (brotli, zstd or gzip, as the browser accepts); the built assets are
  // already compressed on disk (vite-plugin-compression2) and pass through. Request bodies are never inflated.
  await app.register(compress, { globalDecompression: false });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // WebAssembly only (no eval), in a worker the page makes from its own code: the publish form decodes HEIC
        // photos with libheif compiled to WebAssembly (`heic-to`), off the main thread.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https:'),
  });

  // Cookie sessions: refuse every state-changing request that a foreign site's page sends, whatever path it
  // names (`/%61pi/…` and absolute-form targets route to the same handlers, so the path decides nothing).
  const trustedOrigins = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    const foreign = origin ? !trustedOrigins.has(origin) : request.headers['sec-fetch-site'] === 'cross-site';
    if (foreign) throw new AppError('FOREIGN_ORIGIN', errorMessages.foreignOrigin);
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Mercado Gamer API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const spaIndexHtml = options.indexHtml === undefined ? await registerWebApp(app) : options.indexHtml;
  registerErrorHandling(app, spaIndexHtml);

  // ── The services several registrations share, each made once ──
  // The realtime bus (issue 11): every process LISTENs; the status page's check sends a probe round it.
  const realtime = createRealtimeBus(database, app.log);
  const realtimeCheck = createRealtimeCheck(realtime, CHECK_TIMEOUT_MS);
  const accounts = createAccountsService({ db, auth });
  const twoFactor = createTwoFactorService({ db, auth });
  const listings = createListingsService({
    db,
    storage,
    listingEvent: (tx, listingId, event) =>
      recordListingEvent(tx, listingId, event, (eventId, via) =>
        jobs.send('saved-search-match', { eventId }, { via }),
      ),
  });
  const posts = createPostsService(db);
  const ledger = createLedger(db);
  const pixProvider = options.pix?.provider ?? createPixProvider(config.pix, app.log);
  const now = options.now ?? (() => new Date());
  const sealer = createSealer(config.deliverySecret);
  const trades = createTradesService({
    db,
    ledger,
    now,
    sealer,
    pix: tradePixOf(pixProvider),
    storage,
  });
  app.decorate('tradeTimers', createTradeTimers({ db, ledger, now }));
  // Payouts (decision 028): the provider PAYOUT_PROVIDER names, and the sender its job runs.
  const payoutProvider = options.payouts?.provider ?? createPayoutProvider(config.payout, app.log);
  app.decorate(
    'payoutSender',
    createPayoutSender({
      db,
      provider: payoutProvider,
      config: config.payout,
      identityOf: options.payouts?.identityOf ?? payoutIdentityOf,
      now,
      log: app.log,
    }),
  );
  app.decorate('settlePendingRefunds', trades.settlePendingRefunds);
  app.decorate('recheckWaitingCharges', () => recheckWaitingCharges(db, trades.confirmPaymentFromProvider));
  // The recorded voice call (decision 015): its chunks live in the private 'recordings/' folder.
  const tradeRecordings = createTradeRecordingsService({ db, storage, now });
  app.decorate('tradeRecordings', tradeRecordings);
  const reviews = createReviewsService({ db, now });
  const reports = createReportsService(db);
  const banners = createBannersService({ db, storage });

  // ── Every domain's routes, in the order they are registered: the plugin, its prefix, what it is handed ──
  const registrations: Registration[] = [
    // Platform: health, status page, games catalogue.
    mount(healthRoutes, { prefix: '/api/health', database, readiness }),
    mount(statusRoutes, {
      prefix: '/api/status',
      status: createStatusService({
        db,
        log: app.log,
        probes: {
          database: async () => {
            await db.execute(sql`select 1`);
          },
          storage: () => checkStorage(storage),
          mail: createMailCheck(config.mail, CHECK_TIMEOUT_MS),
          realtime: realtimeCheck.probe,
        },
        disk: () => diskSpace.read(),
      }),
    }),
    mount(gamesRoutes, { prefix: '/api/games', db }),
    // Accounts: sign-up and sign-in, better-auth's few reachable endpoints.
    mount(accountsRoutes, {
      prefix: '/api/accounts',
      accounts,
      twoFactor,
      discordEnabled: Boolean(config.discord),
    }),
    (app) => app.register(authHandlerRoutes, { prefix: '/api/auth', auth, publicUrl: config.publicUrl }),
    // Uploads from here on: a photo over the limit arrives truncated and is refused with the spec's message
    // (see listings/form.ts).
    (app) => app.register(multipart, { throwFileSizeLimit: false }),
    // The signed-in member's own account.
    mount(settingsRoutes, {
      prefix: '/api/accounts/me',
      profile: createProfileService({ db, storage }),
      preferences: createPreferencesService(db),
      security: createSecurityService({ db, auth }),
      dataExport: createDataExportService(db),
      deletion: createDeletionService({ db, auth, storage, releaseHeldTrades }),
    }),
    mount(twoFactorRoutes, { prefix: '/api/accounts/me/two-factor', twoFactor }),
    // Marketplace: listings, offers, favourites.
    mount(listingsRoutes, {
      prefix: '/api/listings',
      db,
      listings,
      comments: createCommentsService(db),
      visitorSalt: sessionSecret,
    }),
    // Instant delivery (issue 37): the listing's vault of codes; its export asks the PIX keys' step-up.
    mount(listingCodesRoutes, {
      prefix: '/api/listings',
      codes: createListingCodesService({
        db,
        sealer,
        now,
        stepUp: createPixKeyConfirmation({ db, auth, queueMail, publicUrl: config.publicUrl }).confirm,
      }),
    }),
    mount(offersRoutes, { offers: createOffersService({ db, notify }) }),
    mount(favoritesRoutes, { prefix: '/api/favorites', favorites: createFavoritesService(db) }),
    // Community: the forum, public profiles and the seller's page, the groups directory.
    mount(communityRoutes, {
      prefix: '/api/community',
      posts,
      likes: createLikesService(db),
      comments: createPostCommentsService(db),
      reports,
    }),
    mount(profilesRoutes, { prefix: '/api/profiles', db }),
    mount(groupsRoutes, { prefix: '/api/groups', groups: createGroupsService({ db, storage }) }),
    // Money: payout keys, payments, protected trades and their rooms, reviews, the PIX webhook.
    mount(pixKeysRoutes, {
      prefix: '/api/pix-keys',
      pixKeys: createPixKeysService({ db, auth, queueMail, publicUrl: config.publicUrl }),
    }),
    // Issue 36: the seller's payout identity, confirmed with the PIX keys' step-up.
    mount(payoutIdentityRoutes, {
      prefix: '/api/payout-identity',
      payoutIdentity: createPayoutIdentityService({
        db,
        stepUp: createPixKeyConfirmation({ db, auth, queueMail, publicUrl: config.publicUrl }),
        queueMail,
        publicUrl: config.publicUrl,
      }),
    }),
    mount(paymentsRoutes, { prefix: '/api/payments', payments: createPaymentsService({ db, ledger }) }),
    mount(tradesRoutes, { prefix: '/api/trades', trades }),
    mount(tradeCallRoutes, { prefix: '/api/trades', calls: createTradeCallService(db, config.call) }),
    mount(tradeRecordingsRoutes, {
      prefix: '/api/trades',
      recordings: tradeRecordings,
      rateLimitWindowSeconds: config.rateLimit.windowSeconds,
    }),
    mount(reviewsRoutes, { prefix: '/api', db, reviews, now }),
    mount(sellerPageRoutes, { prefix: '/api/users', db, reviews, now }),
    mount(pixRoutes, {
      prefix: '/api/pix',
      provider: pixProvider,
      webhookSecret: config.pix.webhookSecret,
      onChargePaid:
        options.pix?.onChargePaid ??
        (async (txid) => {
          await trades.confirmPaymentFromProvider(txid);
        }),
    }),
    // Payouts: Efí's notifications of our sends' results (a wake-up: each is read back before it is booked).
    mount(efiWebhookRoutes, {
      prefix: '/api/payouts',
      provider: payoutProvider,
      webhookSecret: config.payout.efi?.webhookSecret,
      onSendNotified: onSendNotifiedFor(db, payoutProvider, now),
    }),
    // Support: members' tickets, the public forms, and the staff's queues of all three (decision 018).
    mount(supportRoutes, { prefix: '/api/support', tickets: createTicketsService(db) }),
    mount(supportFormsRoutes, { prefix: '/api', forms: createSupportFormsService(db) }),
    mount(supportQueueRoutes, {
      prefix: '/api/staff',
      queues: createSupportQueuesService({ db, queueMail }),
    }),
    // Reports: members file them, staff decide them and may suspend the member (an account matter).
    mount(memberReportsRoutes, { prefix: '/api/reports', reports }),
    mount(staffReportsRoutes, { prefix: '/api/staff', reports }),
    mount(staffSuspensionRoutes, {
      prefix: '/api/staff',
      suspensions: createSuspensionsService(db, { queueMail, publicUrl: config.publicUrl }),
    }),
    mount(staffMemberRoutes, { prefix: '/api/staff', members: createMembersService(db) }),
    // The trades desk: what waits on staff, payouts, the ledger's reconciliation.
    mount(tradesDeskRoutes, { prefix: '/api/staff', desk: createTradesDeskService({ db, ledger }) }),
    // Instant delivery's fraud signal acted on (issue 37).
    mount(instantFraudRoutes, { prefix: '/api/admin', db }),
    // Payouts (decision 028): the seller's, and the admins' 'Repasses' for automatic payouts.
    mount(payoutsRoutes, {
      prefix: '/api',
      payouts: createPayoutsService({ db, provider: payoutProvider, now }),
    }),
    mount(notificationsRoutes, { prefix: '/api/notifications', db }),
    mount(pushRoutes, {
      prefix: '/api/push',
      push: createPushService(db, { serviceHosts: config.push.serviceHosts }),
      publicKey: vapid.publicKey,
    }),
    // Saved searches that alert (issue 38 part 3): the member's alerts, and the e-mails' signed-out unsubscribe page.
    mount(savedSearchesRoutes, { prefix: '/api/alerts', savedSearches: createSavedSearchesService(db) }),
    mount(unsubscribeRoutes, { db, tokens: unsubscribeTokens }),
    // The admin panel's own views; banners are their own domain (admin side and the public list).
    mount(adminRoutes, {
      prefix: '/api/admin',
      staff: createStaffService(db),
      audit: createAuditReader(db),
      overview: createOverviewReader(db),
      system: createSystemReader({
        database,
        storageKind: config.media.s3 ? 's3' : 'local',
        checkStorage: () => checkStorage(storage),
        // The hub is made below; the figure is read per request.
        sockets: () => app.realtimeHub.size(),
        jobs: () => app.jobs.status(),
        deadLetters: () => app.jobs.deadLetters(),
        pushFigures: () => readPushFigures(db),
      }),
      deadLetters: createDeadLettersService({
        db,
        retry: (id, via) => app.jobs.retryDeadLetter(id, via),
        discard: (id, via) => app.jobs.discardDeadLetter(id, via),
      }),
    }),
    mount(adminBannerRoutes, { prefix: '/api/admin/banners', banners }),
    mount(publicBannerRoutes, { prefix: '/api/banners', banners }),
  ];
  for (const register of registrations) await register(app);

  // Live updates (issue 11): every process LISTENs; each event goes to the sockets here allowed to see it.
  const hub = createRealtimeHub({ log: app.log, unreadCount: createNotificationsService(db).unreadCount });
  // Presence and the voice call's signals (decision 014) ride the same bus.
  const rooms = createTradeRooms({ db, bus: realtime, log: app.log });
  // Notification e-mails (decision 019): a job (jobs/notification-mails.ts); each new notification asks for a run.
  const notificationMails = createNotificationMailSender({
    db,
    sendMail,
    log: app.log,
    publicUrl: config.publicUrl,
  });
  // The periodic jobs (decision 021): main.ts starts them.
  jobs.add(
    periodicJobs({
      database,
      log: app.log,
      storage,
      tradeTimers: app.tradeTimers,
      tradeTimerSeconds: config.tradeTimerSeconds,
      apiPix:
        pixProvider.kind === 'api-pix'
          ? {
              recheckWaitingCharges: app.recheckWaitingCharges,
              settlePendingRefunds: trades.settlePendingRefunds,
            }
          : null,
      notificationMails,
      payoutReconciliation: payoutProvider.automatic
        ? () => reconcilePayoutsDay({ db, provider: payoutProvider, now })
        : null,
      pushes,
      tradeRecordings,
      rateLimitWindowSeconds: config.rateLimit.windowSeconds,
      now,
      // With the manual provider there is nothing to send, hold or read back: no job.
      payouts: payoutProvider.automatic
        ? { sender: app.payoutSender, seconds: config.payout.sweepSeconds }
        : null,
      savedSearchAlerts,
    }),
  );
  const unsubscribe = await realtime.subscribe((message) => {
    hub.receive(message);
    rooms.receive(message);
    realtimeCheck.receive(message);
    if (message.type === 'notification' || message.type === 'gap') {
      void jobs.trigger('notification-mails');
      void jobs.trigger('notification-pushes');
    }
    // A payout becomes due in a trade step that notifies its people: the sender runs at once (automatic providers).
    if (message.type === 'notification' && payoutProvider.automatic) void jobs.trigger('payout-sends');
  });
  rooms.start();
  // The shutdown (main.ts on SIGTERM, or any app.close()): before onClose, where the process's owner closes the
  // database. Requests in flight finish; Fastify answers new ones on open connections 503 (Connection: close).
  app.addHook('preClose', async () => {
    readiness.drain();
    // Refuse new connections now, not only after the jobs' current run (Fastify closes the listener after these
    // hooks, then waits for the requests in flight; its own second close() of the listener is a no-op).
    if (app.server.listening) app.server.close();
    // Each tab reconnects, through the balancer, to another process or this one restarted.
    hub.closeAll(REALTIME_CLOSE.serviceRestart, 'restart');
    await Promise.all([rooms.stop(), jobs.close()]);
    await unsubscribe();
  });
  app.decorate('jobs', jobs);
  app.decorate('notificationMails', notificationMails);
  app.decorate('pushes', pushes);
  app.decorate('savedSearchAlerts', savedSearchAlerts);
  app.decorate('realtime', realtime);
  app.decorate('realtimeHub', hub);
  app.decorate('tradeRooms', rooms);
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  await app.register(realtimeRoutes, { db, hub, rooms, trustedOrigins });
  // Registered after the socket plugin, whose hooks see every route registered after it.
  const afterSockets: Registration[] = [
    mount(tradeChatRoutes, {
      prefix: '/api/trades',
      chat: createTradeChatService({
        db,
        storage,
        bus: realtime,
        siteHosts: [new URL(config.publicUrl).host],
      }),
    }),
    mount(discordRoutes, { prefix: '/api/discord', inviteUrl: config.discordInviteUrl }),
    mount(contactRoutes, { prefix: '/api/contact', support: config.support }),
    mount(mediaRoutes, { prefix: '/media', storage }),
    mount(seoRoutes, { db, publicUrl: config.publicUrl, sitemapPageSize: options.sitemapPageSize }),
  ];
  if (spaIndexHtml) {
    afterSockets.push(
      mount(shareRoutes, { db, listings, posts, indexHtml: spaIndexHtml, publicUrl: config.publicUrl }),
    );
  }
  for (const register of afterSockets) await register(app);

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    session: SessionReader;
    /** Swept by main.ts every few seconds; tests sweep at a time of their choosing. */
    tradeTimers: TradeTimers;
    payoutSender: PayoutSender;
    /** The trade-refunds job's work (API Pix devoluções still pending); tests run it at a time of their choosing. */
    settlePendingRefunds: () => Promise<number>;
    /** The call recordings; main.ts sweeps those past their retention, tests at a time of their choosing. */
    tradeRecordings: TradeRecordingsService;
    /** Started by main.ts; tests send what is due at a time of their choosing. */
    notificationMails: NotificationMailSender;
    pushes: PushSender;
    /** Saved searches' matching and digest (issue 38 part 3); tests run them at a time of their choosing. */
    savedSearchAlerts: SavedSearchAlerts;
    jobs: AppJobs;
    /** The pix-charge-recheck job's work (API Pix charges still waiting); tests run it at a time of their choosing. */
    recheckWaitingCharges: () => Promise<number>;
    /** GET /api/health/ready's checks; tests drain it. */
    readiness: ReadinessCheck;
    /** Fan-out across processes; trade events and notifications publish themselves (migration 0017). */
    realtime: RealtimeBus;
    realtimeHub: RealtimeHub;
    /** Presence and call signalling; tests call its `sweep`. */
    tradeRooms: TradeRooms;
  }
}
