// Builds the HTTP server: the API, the OpenAPI document, and the prebuilt site and drive app.
// Routes are HTTP only; rules live in services; every failure leaves as the API's JSON error.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ApiErrorName } from '#shared/api/errors.ts';
import { authenticator } from './auth/authenticate.ts';
import { type CounterStore, memoryCounterStore } from './auth/rate-limits.ts';
import { serverSecret } from './auth/server-secrets.ts';
import type { Config } from './config.ts';
import type { NuboDatabase } from './db/database.ts';
import { errorBody, ServiceError } from './errors.ts';
import { hashSecret } from './ids.ts';
import { accountMails } from './mail/templates.ts';
import { STREAMS_FOLDER, streamingService } from './media/streaming.ts';
import { subtitleKeeper } from './media/subtitles.ts';
import { findMediaTools } from './media/tools.ts';
import { trickplayService } from './media/trickplay.ts';
import { threadedHttpSource } from './offline/download-thread.ts';
import { networkGuard, type ResolveHost, systemResolve } from './offline/network-guard.ts';
import { torrentSource } from './offline/torrent-source.ts';
import { withRedactedRequests } from './redaction.ts';
import { refuseUnusableValues } from './request-values.ts';
import { accessRoutes } from './routes/access.ts';
import { accountMailRoutes } from './routes/account-mail.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminRoutes } from './routes/admin.ts';
import { checkInRoutes } from './routes/check-in.ts';
import { compensationRoutes } from './routes/compensation.ts';
import { deviceSignInRoutes } from './routes/device-sign-in.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { filesRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { mailRoutes } from './routes/mail.ts';
import { messagesRoutes } from './routes/messages.ts';
import { metricsRoutes } from './routes/metrics.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { offlineRoutes } from './routes/offline.ts';
import { playbackRoutes } from './routes/playback.ts';
import { premiumRoutes } from './routes/premium.ts';
import { purchaseRoutes } from './routes/purchases.ts';
import { remoteConfigRoutes } from './routes/remote-config.ts';
import { reportRoutes } from './routes/reports.ts';
import { restoreRoutes } from './routes/restore.ts';
import { shareRoutes } from './routes/shares.ts';
import { statisticsRoutes } from './routes/statistics.ts';
import { taskRoutes } from './routes/tasks.ts';
import { thumbnailRoutes } from './routes/thumbnails.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { watchingRoutes } from './routes/watching.ts';
import { lazySchemaCompilers } from './schema-compilers.ts';
import { serverFaults } from './server-faults.ts';
import { accountDeletionService } from './services/account-deletion.ts';
import { accountMailService } from './services/account-mail.ts';
import { type AccountLimits, accountsService, DEFAULT_LIMITS } from './services/accounts.ts';
import { adminService } from './services/admin.ts';
import { checkInService } from './services/check-in.ts';
import { compensationService } from './services/compensation.ts';
import { downloadsService } from './services/downloads.ts';
import { filesService } from './services/files.ts';
import { everyHour } from './services/hourly.ts';
import { housekeepingService } from './services/housekeeping.ts';
import { invitationsService } from './services/invitations.ts';
import { mailService } from './services/mail.ts';
import { loadMessages, translatorsOf } from './services/messages.ts';
import { moderationService } from './services/moderation.ts';
import { offlineService } from './services/offline.ts';
import { playbackService } from './services/playback.ts';
import { standingRules } from './services/premium/standing.ts';
import { premiumService, type RedeemLimits } from './services/premium.ts';
import { purchasesService } from './services/purchases.ts';
import { remoteConfigService } from './services/remote-config.ts';
import { reportsService } from './services/reports.ts';
import { restoreService } from './services/restore.ts';
import { shareRules } from './services/share-status.ts';
import { sharesService } from './services/shares.ts';
import { statisticsService } from './services/statistics.ts';
import { subtitlesService } from './services/subtitles.ts';
import { tasksService } from './services/tasks.ts';
import { thumbnailsService } from './services/thumbnails.ts';
import { UPLOAD_EXPIRY_MS, uploadsService } from './services/uploads.ts';
import { watchingService } from './services/watching.ts';
import { downloadLinks } from './storage/download-links.ts';
import { openBlobStorage } from './storage/open-blob-storage.ts';
import { copyAsTask, emptyTrashAsTask, readMediaAfterUpload, restoreAsTask, taskHandlers } from './tasks/handlers.ts';
import { taskWorker } from './tasks/worker.ts';
import { VERSION } from './version.ts';
import { readCampaignCalendar } from './web/campaigns.ts';
import { publicOriginOf } from './web/public-origin.ts';
import { webRoutes } from './web/routes.ts';
import { sharePageRenderer } from './web/share-page.ts';
import { blobStoreOrigins } from './web/store-origins.ts';

export type AppDependencies = {
  config: Config;
  database: NuboDatabase;
  /** Rate-limit counters; by default in this process (Redis when REDIS_URL is set, see server.ts). */
  counters?: CounterStore;
  /** Abuse limits; the defaults of services/accounts.ts unless a test needs others. */
  limits?: AccountLimits;
  /** Guessing limits on activation codes; the defaults of services/premium.ts unless a test needs others. */
  redeemLimits?: RedeemLimits;
  logger?: FastifyServerOptions['logger'];
  /** How offline downloads resolve host names; the system's resolver unless a test gives its own. */
  resolveHost?: ResolveHost;
};

export async function buildApp({ config, database, counters = memoryCounterStore(), limits, redeemLimits, logger, resolveHost }: AppDependencies) {
  const app = Fastify({
    // A request is logged by its address less the secrets it may carry (tokens, passcodes, signatures).
    logger: withRedactedRequests(logger ?? { level: config.logLevel }),
    // Requests already being answered finish on close; idle keep-alive sockets are closed.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    bodyLimit: 1024 * 1024,
    // Behind the operator's proxies, the visitor is who the proxy says (X-Forwarded-*), and only
    // then: anyone else could claim any address and step around the per-address limits.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: lazySchemaCompilers },
    // Failures Fastify meets before routing (a URL that is not valid percent-encoding, …).
    frameworkErrors: (failure, _request, reply) => {
      (reply as FastifyReply).status(400).send(errorBody('invalid_request', failure.message));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler((failure: FastifyError | ServiceError, request, reply) => {
    if (failure instanceof ServiceError) {
      const retryAfter = failure.details?.find((d): d is { retry_after_seconds: number } => typeof d === 'object' && d !== null && 'retry_after_seconds' in d);
      if (retryAfter) reply.header('Retry-After', String(retryAfter.retry_after_seconds));
      return reply.status(failure.status).send(failure.toBody());
    }
    if (failure.validation) {
      const details = failure.validation.map((v) => ({ field: `${failure.validationContext ?? ''}${v.instancePath}`, reason: v.message ?? '' }));
      return reply.status(400).send(errorBody('invalid_request', failure.message, details));
    }
    const status = failure.statusCode ?? 500;
    if (status >= 500) {
      faults.report(request, status, failure);
      const name: ApiErrorName = status === 503 ? 'service_unavailable' : 'internal';
      // Never show a server fault's inner message to the caller.
      return reply.status(status).send(errorBody(name, 'Something went wrong on our side. Please try again.'));
    }
    return reply.status(status).send(errorBody(clientErrorName(status), failure.message));
  });

  // A response finished after close began ends its connection, so keep-alive sockets of requests
  // that were under way do not hold the stop open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  // Every answer: no content type is sniffed into another; no address of ours (a share's carries
  // its passcode) is told to another origin; and once Nubo is served over https, browsers keep to it.
  const everyAnswer: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin' };
  if (config.publicUrlSet && config.publicUrl.startsWith('https:')) everyAnswer['Strict-Transport-Security'] = 'max-age=31536000';
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(everyAnswer);
  });
  // After each route's schema: values no route can use are the asker's named mistake (request-values.ts).
  app.addHook('preHandler', refuseUnusableValues);

  // The operator's figures, when METRICS_TOKEN asks for them (prom-client is not loaded otherwise).
  const metrics = config.metricsToken ? (await import('./services/metrics.ts')).metricsService({ database }) : undefined;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.requestAnswered(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
    await app.register(metricsRoutes, { metrics, tokenHash: hashSecret(config.metricsToken!) });
  } else {
    app.log.info('metrics are off: set METRICS_TOKEN to serve them at /metrics');
  }
  const faults = serverFaults(app, metrics);

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody('not_found', `Page not found: ${request.url.split('?')[0]}`));
  });

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Nubo API', version: VERSION, description: 'The API of Nubo, a self-hostable cloud drive.' },
      servers: [{ url: config.publicUrl }],
    },
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // The UI strings, read once: served to the apps, and used by the share page's server render.
  const messages = loadMessages(config.contentDir);
  await app.register(messagesRoutes, { messages });
  // E-mail, when the operator set up SMTP: the account's mails, with their unsubscribe links.
  // nodemailer is loaded only when mail is set up, like Stripe's library and prom-client.
  const mailer = config.mail ? (await import('./mail/mailer.ts')).smtpMailer(config.mail) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  else app.log.info('mail is off: set SMTP_URL and MAIL_FROM to confirm addresses, reset forgotten passwords and tell of new sign-ins');
  if (!mailer && config.adminEmails.length > 0)
    app.log.warn(
      'ADMIN_EMAILS names operators only once they confirm their address by mail, and mail is off: give the role with `npm run nubo -- admin grant <email>`',
    );
  const unsubscribe = mailService({ db: database.db, key: await serverSecret(database.db, 'mail-unsubscribe') });
  const accountMail = accountMailService({
    db: database.db,
    mailer,
    mails: accountMails(translatorsOf(messages)),
    unsubscribe,
    counters,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    log: app.log,
  });
  const accounts = accountsService({
    db: database.db,
    counters,
    limits: limits ?? { ...DEFAULT_LIMITS, signUpPerIp: { ...DEFAULT_LIMITS.signUpPerIp, max: config.signUpsPerAddress } },
    // Sign-ups and new devices are told of only where there is mail to tell them by.
    ...(mailer ? { notices: { signedUp: accountMail.welcome, signedInFromNewDevice: accountMail.newDeviceSignIn } } : {}),
  });
  const auth = authenticator(accounts, config.publicUrl);
  await app.register(accountRoutes, { accounts, auth, publicUrl: config.publicUrl, secureCookies: config.secureCookies });
  await app.register(deviceSignInRoutes, { accounts, auth, publicUrl: config.publicUrl });
  await app.register(accountMailRoutes, { accountMail, auth, publicUrl: config.publicUrl });
  const { blobs, store, close: closeBlobStorage } = await openBlobStorage(config.blobStore, database.db, UPLOAD_EXPIRY_MS);
  app.addHook('onClose', closeBlobStorage);
  await app.register(healthRoutes, { database, blobs });
  const standing = standingRules(config.plans);
  const mediaTools = findMediaTools({ ffmpeg: config.media.ffmpegPath, ffprobe: config.media.ffprobePath });
  if (!mediaTools)
    app.log.info(
      `ffmpeg is off: ffmpeg and ffprobe are not at ${config.media.ffmpegPath} and ${config.media.ffprobePath} (install Debian's ffmpeg, or set FFMPEG_PATH and FFPROBE_PATH); what video and audio files hold is read with MediaInfo instead`,
    );
  const files = filesService({ db: database.db, blobs, uploads: store, standing, recentDays: config.recentEventsDays, mediaTools });
  const tasks = tasksService({
    db: database.db,
    // The offline service is built below; a task is only ever discarded once the server runs.
    discardWork: (task) => offline.discard(task),
    runs: { stopRun: (id) => worker.stopRun(id), wake: () => worker.wake() },
    trashFiles: (userId, ids) => files.trash(userId, ids),
    leaseMs: config.taskLeaseSeconds * 1000,
  });
  const worker = taskWorker(tasks, app.log, { concurrency: config.taskConcurrency });
  const readMedia = readMediaAfterUpload(worker);
  const uploads = uploadsService({
    db: database.db,
    blobs,
    store,
    standing,
    onCompleted: async (file) => {
      metrics?.uploadCompleted(file.size);
      await readMedia(file);
    },
  });
  const links = downloadLinks(await serverSecret(database.db, 'download-links'));
  const origin = (request: FastifyRequest) => publicOriginOf(request, config);
  const resolve = resolveHost ?? systemResolve;
  const guard = networkGuard({ allow: config.offline.allowNetworks, resolve });
  const offline = offlineService({
    db: database.db,
    blobs,
    files,
    tasks,
    enqueue: worker.enqueue,
    http: threadedHttpSource({ guard, allow: config.offline.allowNetworks, resolve, stallMs: config.offline.stallSeconds * 1000 }),
    torrents: torrentSource({
      guard,
      config: {
        dht: config.offline.dht,
        dhtNodes: config.offline.dhtNodes,
        port: config.offline.torrentPort,
        seed: config.offline.seed,
        noPeersMs: config.offline.noPeersSeconds * 1000,
      },
    }),
    config: config.offline,
    standing,
  });
  await app.register(filesRoutes, { files, uploads, links, auth, origin, copyAsTask: copyAsTask(worker), emptyTrashAsTask: emptyTrashAsTask(worker), offline });
  await app.register(offlineRoutes, { offline, auth });
  const rules = shareRules({
    db: database.db,
    changeMark: database.changeMark,
    counters,
    key: await serverSecret(database.db, 'share-passcode-tokens'),
    sensitiveWords: config.sensitiveWordsFile
      ? readFileSync(config.sensitiveWordsFile, 'utf8')
          .split('\n')
          .map((w) => w.trim())
      : [],
    // The owner hears by mail when a share stops taking passcodes for a while.
    passCodesStopped: accountMail.sharePassCodesStopped,
  });
  const shares = sharesService({ db: database.db, files, rules, log: app.log });
  app.addHook('onClose', () => shares.stop());
  const restore = restoreService({ db: database.db, files, rules });
  const thumbnails = thumbnailsService({ db: database.db, blobs, links, mediaTools });
  worker.handle(taskHandlers({ files, restore, offline, thumbnails }));
  await app.register(taskRoutes, { tasks, auth, wake: worker.wake });
  // Stripe's library (a fifth of a second to load) only when payments are set up.
  const payments = config.stripe ? (await import('./payments/stripe.ts')).stripeProvider(config.stripe) : undefined;
  const premium = premiumService({
    db: database.db,
    plans: config.plans,
    standing,
    counters,
    payments: payments !== undefined,
    ...(redeemLimits ? { redeemLimits } : {}),
  });
  await app.register(premiumRoutes, { premium, offline, auth });
  await app.register(purchaseRoutes, { purchases: purchasesService({ db: database.db, plans: config.plans, provider: payments, log: app.log }), auth, origin });
  await app.register(invitationRoutes, { invitations: invitationsService({ db: database.db, rewards: config.plans.invitation }), auth, origin });
  const campaigns = readCampaignCalendar(config.campaignsFile);
  await app.register(mailRoutes, { mail: unsubscribe });
  await app.register(compensationRoutes, { compensation: compensationService({ db: database.db, calendar: campaigns }), auth });
  await app.register(checkInRoutes, { checkIn: checkInService({ db: database.db, rewards: config.plans.checkIn }), auth });
  await app.register(shareRoutes, { shares, links, auth, origin });
  await app.register(restoreRoutes, { restore, auth, enqueueRestore: restoreAsTask(worker) });
  await app.register(statisticsRoutes, { statistics: statisticsService({ counters }) });
  await app.register(accessRoutes, { blockedNetworks: config.blockedNetworks });
  await app.register(remoteConfigRoutes, { remoteConfig: remoteConfigService({ debugConsole: config.debugConsole, clientConfig: config.clientConfig }) });
  const moderation = moderationService({ db: database.db });
  await app.register(moderationRoutes, { moderation, auth });
  const reports = reportsService({ db: database.db, counters, moderation });
  await app.register(reportRoutes, { reports, auth });
  const deletion = accountDeletionService({ db: database.db, files, graceDays: config.accountDeletionGraceDays });
  await app.register(adminRoutes, { admin: adminService({ db: database.db }), deletion, premium, reports, auth, config, campaigns });
  const stopDeleting = everyHour(() => deletion.purgeDue(), app.log);
  app.addHook('onClose', async () => stopDeleting());
  await accounts.grantAdminRoles(config.adminEmails);
  app.addHook('onReady', async () => {
    await offline.sweepWork();
    worker.start();
  });
  app.addHook('preClose', async () => {
    await worker.stop();
    await offline.close();
  });
  await app.register(uploadRoutes, { uploads, store, auth, faults });
  const downloads = downloadsService({ db: database.db, blobs, links, standing, shareRules: rules });
  const streaming = mediaTools
    ? streamingService({
        tools: mediaTools,
        cacheDir: path.join(blobs.derivedDir, STREAMS_FOLDER),
        concurrency: config.media.transcodeConcurrency,
        cacheBytes: config.media.transcodeCacheBytes,
      })
    : undefined;
  if (streaming) app.addHook('preClose', async () => streaming.close());
  // The seek bar's preview pictures are kept with the content's streams, and go with them.
  const trickplay = mediaTools
    ? trickplayService({ tools: mediaTools, cacheDir: path.join(blobs.derivedDir, STREAMS_FOLDER), concurrency: config.media.transcodeConcurrency })
    : undefined;
  // Subtitles taken out of films are kept with the content's streams, within their room, and go with them.
  const subtitles = subtitlesService({
    db: database.db,
    blobs,
    downloads,
    log: app.log,
    keeper: mediaTools ? subtitleKeeper({ tools: mediaTools, cacheDir: path.join(blobs.derivedDir, STREAMS_FOLDER) }) : undefined,
  });
  const watching = watchingService({ db: database.db });
  await app.register(playbackRoutes, {
    playback: playbackService({ db: database.db, blobs, links, files, downloads, mediaTools, streaming, trickplay, subtitles, watching, shares }),
    auth,
    origin,
    subtitles,
  });
  await app.register(downloadRoutes, {
    downloads,
    blobs,
    metrics,
    accelRedirect: config.accelRedirect,
  });
  await app.register(thumbnailRoutes, { thumbnails, derivedDir: blobs.derivedDir });
  await app.register(watchingRoutes, { watching, links, auth, origin });
  // Unfinished uploads older than their expiry go, with their pending files.
  const stopSweeping = everyHour(() => uploads.expire(UPLOAD_EXPIRY_MS), app.log);
  app.addHook('onClose', async () => stopSweeping());
  // What is kept only for a while goes (README: What Nubo keeps, and for how long).
  const housekeeping = housekeepingService({ db: database.db, files, tasks, offline, watching, thumbnails, derivedDir: blobs.derivedDir });
  const stopHousekeeping = everyHour(() => housekeeping.sweep(), app.log);
  app.addHook('onClose', async () => stopHousekeeping());
  app.addHook('onClose', () => counters.close());
  const renderSharePage = sharePageRenderer({
    distDir: config.distDir,
    messages,
    shares,
    blockedNetworks: config.blockedNetworks,
    secureCookies: config.secureCookies,
    log: app.log,
  });
  await app.register(webRoutes, {
    distDir: config.distDir,
    secureCookies: config.secureCookies,
    embedOrigins: config.embedOrigins,
    origin,
    campaigns,
    renderSharePage,
    // Behind nginx (ACCEL_REDIRECT) the store's bytes reach browsers from Nubo's own origin: pages need none of its.
    storeOrigins: config.accelRedirect ? [] : blobStoreOrigins(config.blobStore),
  });
  return app;
}

/** Fastify's own 4xx failures (bad JSON, too large a body, …) under the catalogue's names. */
const CLIENT_ERRORS_BY_STATUS: Record<number, ApiErrorName> = {
  401: 'unauthenticated',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

function clientErrorName(status: number): ApiErrorName {
  return CLIENT_ERRORS_BY_STATUS[status] ?? 'invalid_request';
}
