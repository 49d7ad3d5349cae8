// buildApp: plugins, the error contract, and the explicit list of every route (no autoload).
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { Env } from './env';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { authRoutes } from './features/auth/auth.routes';
import { createLoginThrottle, type LoginThrottle } from './features/auth/login-throttle';
import { collectionsRoutes } from './features/collections/collections.routes';
import { contactsRoutes } from './features/contacts/contacts.routes';
import { peopleRoutes } from './features/people/people.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { booksRoutes } from './features/books/books.routes';
import { healthRoutes } from './features/health/health.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { answerRoutes } from './features/interviews/answer.routes';
import { interviewsRoutes } from './features/interviews/interviews.routes';
import { legacyHeirRoutes, legacyRoutes } from './features/legacy/legacy.routes';
import { afterReleaseRoutes, legacyKeepRoutes } from './features/legacy-keep/legacy-keep.routes';
import { legacyTriggerLinkRoutes, legacyTriggerRoutes } from './features/legacy-trigger/legacy-trigger.routes';
import { careLinkRoutes, legacyCareRoutes } from './features/legacy-care/legacy-care.routes';
import { escrowRoutes, releaseKeyRoutes } from './features/escrow/escrow.routes';
import { escrowOpenerRoutes } from './features/escrow/opener.routes';
import { heartbeatRoutes } from './features/heartbeat/heartbeat.routes';
import { reachabilityLinkRoutes, reachabilityRoutes } from './features/legacy-reachability/reachability.routes';
import { memoriesRoutes } from './features/memories/memories.routes';
import { onThisDayRoutes } from './features/on-this-day/on-this-day.routes';
import { familyDatesRoutes } from './features/family-dates/family-dates.routes';
import { capabilitiesRoutes } from './features/capabilities/capabilities.routes';
import { photosRoutes } from './features/photos/photos.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { searchRoutes } from './features/search/search.routes';
import { setupRoutes } from './features/setup/setup.routes';
import { sharedViewRoutes, sharedWithMeRoutes } from './features/shared-view/shared-view.routes';
import { storageRoutes } from './features/storage/storage.routes';
import { timelineRoutes } from './features/timeline/timeline.routes';
import { treeRoutes } from './features/tree/tree.routes';
import { followFamilyChanges } from './features/legacy/follow-family-changes';
import { gedcomRoutes } from './features/tree/gedcom/gedcom.routes';
import { vaultRoutes } from './features/vault/vault.routes';
import { waitlistRoutes } from './features/waitlist/waitlist.routes';
import type { FileStore } from './lib/file-store';
import { createHeicDecoder, type HeicDecoder } from './lib/heic-decoder';
import { recoverPendingFilesEvery } from './lib/durable-files';
import { findMediaTools, MISSING_FFMPEG_HELP, type MediaTools } from './lib/ffmpeg';
import { startInstanceBus, type InstanceBus } from './lib/instance-bus';
import { createJobQueue, type JobQueue } from './lib/jobs';
import { createLinkTokens, loadInstanceSecret, type LinkTokens } from './lib/link-tokens';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { createMailer, defineMailJob } from './lib/mail';
import { frameworkErrors, installErrorHandler, rateLimitRefusal } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { markSignedIn, openApiPlugin } from './plugins/openapi';
import { refuseNulPlugin } from './plugins/refuse-nul';
import { securityPlugin } from './plugins/security';
import { requireUser, sessionPlugin } from './plugins/session';
import { webAssets } from './plugins/web-assets';
import { buildServices, type AppServices } from './services';
import { userText } from '@shared/i18n/text';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    files: FileStore;
    env: Env;
    /** One HEIC decoding worker for the whole app (gallery photos and memory attachments). */
    heic: HeicDecoder;
    /** Failed password checks, shared by sign-in and every route that asks for the password again (decision 024). */
    loginThrottle: LoginThrottle;
    /** ffmpeg and ffprobe, when this machine has them (decision 038): video posters, previews and playable copies. */
    media: MediaTools;
    /** This process among the app instances on the database: its id, liveness and events to the others (decision 043). */
    instances: InstanceBus;
    /** The one durable background queue (PostgreSQL): derivatives, mail, and later exports and legacy timers. */
    jobs: JobQueue;
    /** Makes and checks share-link tokens with the instance secret (decision 025). */
    linkTokens: LinkTokens;
    /** Encrypts secrets an account holder gives heirloom (an escrow bucket's key) with the instance secret. */
    secretBox: SecretBox;
    /** Every repo, service and job of the app, built once (src/server/services.ts, decision 050): what route plugins use. */
    services: AppServices;
    /** Every route as registered (method + URL pattern + its schema): the access-control and generated-input tests walk this list. */
    registeredRoutes: Array<{ method: string; url: string; schema?: FastifySchema }>;
  }
}

export interface AppDeps {
  env: Env;
  db: Db;
  files: FileStore;
  /** Built web app to serve; omitted in API-only tests. */
  webRoot?: string;
  logger?: boolean;
  /** Human-readable log lines (pino-pretty) instead of JSON: for a person watching a terminal. */
  prettyLogs?: boolean;
}

export async function buildApp({ env, db, files, webRoot, logger = true, prettyLogs = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? { level: env.LOG_LEVEL, ...(prettyLogs && { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }) }
      : false,
    // a hop count as a function (Fastify's types take addresses or a function): believe the n nearest hops
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 1024 * 1024, // JSON bodies; uploads have their own per-route limits
    requestTimeout: 120_000,
    connectionTimeout: 0,
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', db);
  app.decorate('files', files);
  app.decorate('env', env);
  app.decorate('registeredRoutes', []);
  app.decorate('heic', createHeicDecoder());
  app.decorate('media', await findMediaTools(env));
  if (!app.media.available) app.log.warn(`Video processing is off: ${app.media.problem} ${MISSING_FFMPEG_HELP}`);
  app.decorate('instances', await startInstanceBus({ pool: db.$client, log: app.log }));
  app.addHook('onClose', async () => app.instances.close());
  app.decorate('loginThrottle', createLoginThrottle({ db }));
  const instanceSecret = loadInstanceSecret(env.DATA_DIR, env.INSTANCE_SECRET);
  app.decorate('linkTokens', createLinkTokens(instanceSecret));
  app.decorate('secretBox', createSecretBox(instanceSecret));
  app.addHook('onClose', async () => app.heic.close());
  // With the embedded database this process is the only one (its DATA_DIR lock says so); with DATABASE_URL
  // others may share the queue and the crash journal (decision 043).
  const soleInstance = !env.DATABASE_URL;
  app.decorate('jobs', createJobQueue({ pool: db.$client, log: app.log, soleInstance, instances: app.instances }));
  const mailer = createMailer(env, app.log);
  defineMailJob(app.jobs, mailer, app.log);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.registeredRoutes.push({ method, url: route.url, schema: route.schema });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON endpoints accept JSON only: no text/plain or form bodies (a cheap CSRF vector).
  app.removeContentTypeParser('text/plain');
  installErrorHandler(app);

  await app.register(securityPlugin);
  await app.register(refuseNulPlugin);
  // its refusals are AppErrors: the error handler answers them and sends their Retry-After
  await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitRefusal, addHeaders: { 'retry-after': false } });
  await app.register(multipart, { limits: { fileSize: 16 * 1024 * 1024, files: 6, fields: 20, parts: 30 } });
  await app.register(sessionPlugin);
  // The queue starts once the app is ready (every job kind is defined by buildServices), before the services'
  // own start-up work; it stops first on close.
  app.addHook('onReady', () => app.jobs.start());
  app.decorate('services', buildServices(app));
  // before the routes: both watch every route as it is added (decision 042)
  await app.register(openApiPlugin);
  await app.register(metricsPlugin, { storedBytes: app.services.storage.totalByKind });

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(setupRoutes, { prefix: '/api' });
  await app.register(waitlistRoutes, { prefix: '/api/waitlist' });
  // A link's token is its key: no session needed (decision 025).
  await app.register(sharedViewRoutes, { prefix: '/api/shared' });
  // An heir's key code and the one-click links of the Legacy Plan's mails are their own keys (decisions 026, 027).
  await app.register(legacyHeirRoutes, { prefix: '/api/legacy' });
  await app.register(escrowOpenerRoutes, { prefix: '/api/legacy/opener' });
  await app.register(legacyTriggerLinkRoutes, { prefix: '/api/legacy' });
  await app.register(reachabilityLinkRoutes, { prefix: '/api/legacy/reachable' });
  await app.register(careLinkRoutes, { prefix: '/api/care' });
  // An interview's answer link is its own key (decision 066).
  await app.register(answerRoutes, { prefix: '/api/answer' });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireUser); // 401 before any handler runs
    signedIn.addHook('onRoute', markSignedIn); // documented as needing the session cookie
    // the Legacy Plan's rules by relation follow a change to the family tree or a contact (decision 065)
    signedIn.addHook('onResponse', followFamilyChanges(app.services.legacyRelations, app.log));
    await signedIn.register(profileRoutes, { prefix: '/api/user' });
    await signedIn.register(storageRoutes, { prefix: '/api/user/storage' });
    await signedIn.register(accountRoutes, { prefix: '/api/user' });
    await signedIn.register(capabilitiesRoutes, { prefix: '/api/capabilities' });
    await signedIn.register(photosRoutes, { prefix: '/api/photos' });
    await signedIn.register(memoriesRoutes, { prefix: '/api/memories' });
    await signedIn.register(contactsRoutes, { prefix: '/api/contacts' });
    await signedIn.register(vaultRoutes, { prefix: '/api/vault' });
    await signedIn.register(timelineRoutes, { prefix: '/api/timeline' });
    await signedIn.register(onThisDayRoutes, { prefix: '/api/on-this-day' });
    await signedIn.register(familyDatesRoutes, { prefix: '/api/family-dates' });
    await signedIn.register(interviewsRoutes, { prefix: '/api' });
    await signedIn.register(searchRoutes, { prefix: '/api/search' });
    await signedIn.register(collectionsRoutes, { prefix: '/api/collections' });
    await signedIn.register(sharedWithMeRoutes, { prefix: '/api/shared-with-me' });
    await signedIn.register(legacyRoutes, { prefix: '/api/legacy' });
    await signedIn.register(legacyTriggerRoutes, { prefix: '/api/legacy' });
    await signedIn.register(heartbeatRoutes, { prefix: '/api/legacy/heartbeat' });
    await signedIn.register(escrowRoutes, { prefix: '/api/legacy/escrow' });
    await signedIn.register(releaseKeyRoutes, { prefix: '/api/legacy/release-key' });
    await signedIn.register(reachabilityRoutes, { prefix: '/api/legacy/reachability' });
    await signedIn.register(legacyKeepRoutes, { prefix: '/api/legacy/received' });
    await signedIn.register(afterReleaseRoutes, { prefix: '/api/legacy/after-release' });
    await signedIn.register(legacyCareRoutes, { prefix: '/api/legacy/care' });
    await signedIn.register(exportsRoutes, { prefix: '/api/exports' });
    await signedIn.register(booksRoutes, { prefix: '/api/books' });
    await signedIn.register(importsRoutes, { prefix: '/api/imports' });
    await signedIn.register(adminRoutes, { prefix: '/api/admin' });
    await signedIn.register(peopleRoutes, { prefix: '/api' });
    await signedIn.register(treeRoutes, { prefix: '/api/tree' });
    await signedIn.register(gedcomRoutes, { prefix: '/api/tree/gedcom' });
  });

  // Several instances: what a stopped one left half-written is removed while the others run (decision 043).
  const stopRecovering = soleInstance
    ? () => {}
    : recoverPendingFilesEvery(db, files, 30_000, (err) => app.log.error({ err }, 'Could not recover the files of stopped instances'));
  app.addHook('preClose', async () => {
    stopRecovering();
    await app.jobs.stop();
    mailer.close();
  });

  if (webRoot) await webAssets(app, { root: webRoot });
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: userText('Not found') }));

  return app;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}
