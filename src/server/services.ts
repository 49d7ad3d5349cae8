// The composition root (decision 050): every repo, service and job of the app is built here, once per app, in
// dependency order. app.ts decorates the result as `app.services`; route plugins only read it and declare routes.
// The jobs' start-up work (re-queueing what a crash lost) and their stopping are registered here too, once.
import type { FastifyInstance } from 'fastify';
import { createAiProvider } from './ai/create-ai-provider';
import { createConfiguredTranscriber } from './ai/transcription';
import { createAccountRepo } from './features/account/account.repo';
import { createAccountService } from './features/account/account.service';
import { createAdminRepo } from './features/admin/admin.repo';
import { createAdminService } from './features/admin/admin.service';
import { createAccountCreation } from './features/auth/account-creation.service';
import { createAccountMailService } from './features/auth/account-mail.service';
import { createAuthRepo } from './features/auth/auth.repo';
import { createAuthService, createPasswordCheck } from './features/auth/auth.service';
import { createCollectionsRepo } from './features/collections/collections.repo';
import { createCollectionsService } from './features/collections/collections.service';
import { createContactsRepo } from './features/contacts/contacts.repo';
import { createContactsService } from './features/contacts/contacts.service';
import { createExportsService } from './features/exports/exports.service';
import { createBooksService } from './features/books/books.service';
import { defineFamilyDatesJob, queueFamilyDatesCheck } from './features/family-dates/family-dates-job';
import { createEscrowRepo } from './features/escrow/escrow.repo';
import { createEscrowService } from './features/escrow/escrow.service';
import { defineEscrowJobs, queueEscrowNightly } from './features/escrow/escrow-jobs';
import { withAdvisoryLock } from './db/advisory-lock';
import { createEscrowRun, ESCROW_RUN_LOCK_BASE } from './features/escrow/escrow-run';
import { createEscrowStatusRepo } from './features/escrow/escrow-status.repo';
import { escrowOpenerHtml } from './lib/escrow-opener';
import { defineHeartbeatJob, queueHeartbeats } from './features/heartbeat/heartbeat-job';
import { defineReachabilityJobs, queueReachability } from './features/legacy-reachability/reachability-job';
import { createReachabilityRepo } from './features/legacy-reachability/reachability.repo';
import { createReachabilityService } from './features/legacy-reachability/reachability.service';
import { createHeartbeatRepo } from './features/heartbeat/heartbeat.repo';
import { createHeartbeatService } from './features/heartbeat/heartbeat.service';
import { createFamilyDatesRepo } from './features/family-dates/family-dates.repo';
import { createFamilyDatesService } from './features/family-dates/family-dates.service';
import { createHealthService } from './features/health/health.service';
import { defineInterviewsJob, queueInterviewsTick } from './features/interviews/interviews-job';
import { createInterviewsRepo } from './features/interviews/interviews.repo';
import { createInterviewsService } from './features/interviews/interviews.service';
import { createImportServices } from './features/imports/import-context';
import { defineImportJob } from './features/imports/import-job';
import { createImportsRepo } from './features/imports/imports.repo';
import { createImportsService } from './features/imports/imports.service';
import { createLegacyRepo } from './features/legacy/legacy.repo';
import { createLegacyService } from './features/legacy/legacy.service';
import { createLegacyRelationsRepo } from './features/legacy/legacy-relations.repo';
import { createLegacyRelationsService } from './features/legacy/legacy-relations.service';
import { createLegacyTriggerService, defineLegacyTickJob } from './features/legacy-trigger/legacy-trigger.service';
import { createKeptReleaseService } from './features/legacy/kept-release.service';
import { createLegacyKeepRepo } from './features/legacy-keep/legacy-keep.repo';
import { createLegacyKeepService, defineLegacyKeepJob } from './features/legacy-keep/legacy-keep.service';
import { createAfterReleaseRepo } from './features/legacy-keep/after-release.repo';
import { createAfterReleaseService } from './features/legacy-keep/after-release.service';
import { defineAfterReleaseJob, queueAfterRelease } from './features/legacy-keep/after-release-job';
import { createLegacyAuditService } from './features/legacy-trigger/legacy-audit.service';
import { createLegacyCareRepo } from './features/legacy-care/legacy-care.repo';
import { createLegacyCareService, defineCareOpenJob } from './features/legacy-care/legacy-care.service';
import { createAudioCopyQueue } from './features/memories/audio-copies';
import { createMemoriesRepo } from './features/memories/memories.repo';
import { createMemoriesService } from './features/memories/memories.service';
import { createMemoryTranscription } from './features/memories/memory-transcription';
import { createOnThisDayRepo } from './features/on-this-day/on-this-day.repo';
import { createOnThisDayService } from './features/on-this-day/on-this-day.service';
import { createDerivativeQueue } from './features/photos/derivative-queue';
import { createFaceFinder } from './ai/faces/face-finder';
import { createTextReader } from './ai/ocr/text-reader';
import { createFaceQueue } from './features/people/face-queue';
import { createImportedFaces } from './features/people/imported-faces';
import { createRegroupQueue } from './features/people/regroup';
import { createRegroupRepo } from './features/people/regroup.repo';
import { createPeopleRepo } from './features/people/people.repo';
import { createPeopleService } from './features/people/people.service';
import { createImageCache } from './features/photos/image-cache';
import { createPhotosRepo } from './features/photos/photos.repo';
import { createPhotosService } from './features/photos/photos.service';
import { createVideoQueue } from './features/photos/video-queue';
import { createVideosService, videoMaxBytesOf } from './features/photos/videos.service';
import { createProfileRepo } from './features/profile/profile.repo';
import { createProfileService } from './features/profile/profile.service';
import { createSearchRepo } from './features/search/search.repo';
import { createSearchService } from './features/search/search.service';
import { createSetupRepo } from './features/setup/setup.repo';
import { createSetupService } from './features/setup/setup.service';
import { createSharedViewRepo } from './features/shared-view/shared-view.repo';
import { createSharedViewService } from './features/shared-view/shared-view.service';
import { createStorageService } from './features/storage/storage.service';
import { createTreeRepo } from './features/tree/tree.repo';
import { createTreeService } from './features/tree/tree.service';
import { createGedcomRepo } from './features/tree/gedcom/gedcom.repo';
import { createGedcomService } from './features/tree/gedcom/gedcom.service';
import { createTimelineRepo } from './features/timeline/timeline.repo';
import { createTimelineService } from './features/timeline/timeline.service';
import { createVaultRepo } from './features/vault/vault.repo';
import { createVaultService } from './features/vault/vault.service';
import { createVaultTextQueue } from './features/vault/vault-text-queue';
import { createWaitlistRepo } from './features/waitlist/waitlist.repo';
import { createWaitlistService } from './features/waitlist/waitlist.service';

/** Built after the app's own decorators (db, files, env, jobs, heic, media, instances, linkTokens, loginThrottle, sessions). */
export function buildServices(app: FastifyInstance) {
  const { db, files, env, jobs, heic, media, log, sessions, linkTokens, loginThrottle } = app;
  const publicUrl = env.PUBLIC_URL;

  const storage = createStorageService({ db, quotaMb: env.STORAGE_QUOTA_MB });
  const checkPassword = createPasswordCheck(loginThrottle);

  const accountMail = createAccountMailService({ db, jobs, publicUrl });
  const accounts = createAccountCreation({ db, log, mail: accountMail, registration: env.REGISTRATION });
  const auth = createAuthService({
    db,
    repo: createAuthRepo(db),
    jobs,
    sessions,
    log,
    publicUrl,
    mail: accountMail,
    accounts,
    throttle: loginThrottle,
  });
  const account = createAccountService({ db, repo: createAccountRepo(db), mail: accountMail, files, sessions, log, checkPassword });

  // The gallery: one image cache, which both queues tell when a photo's files change.
  const photosRepo = createPhotosRepo(db);
  const imageCache = createImageCache({ instances: app.instances });
  const forget = (id: number) => imageCache.forget(id);
  const videoQueue = createVideoQueue({ jobs, repo: photosRepo, files, media, log, onChange: forget });
  // Who is in the photos (issue 29): each photo is looked at once its copies (derivatives) exist.
  const facesOn = env.FACE_RECOGNITION === 'on';
  const peopleRepo = createPeopleRepo(db);
  const regroup = createRegroupQueue({ jobs, repo: createRegroupRepo(db), log });
  // one model thread for both: the face queue's and the imported faces' (decision 059)
  const faceFinder = createFaceFinder();
  const faceQueue = createFaceQueue({
    jobs,
    repo: peopleRepo,
    files,
    finder: faceFinder,
    log,
    serverEnabled: facesOn,
    onBackfilled: regroup.queue,
  });
  const importedFaces = createImportedFaces({ db, jobs, files, finder: faceFinder, log, serverEnabled: facesOn });
  const photoChanged = (id: number) => {
    forget(id);
    faceQueue.photoChanged(id).catch((err: unknown) => log.error({ err, photoId: id }, 'Could not queue looking for faces'));
    importedFaces.photoChanged(id).catch((err: unknown) => log.error({ err, photoId: id }, 'Could not queue looking at imported faces'));
  };
  const derivatives = createDerivativeQueue({
    jobs,
    repo: photosRepo,
    files,
    heic,
    media,
    videos: videoQueue,
    log,
    onChange: photoChanged,
  });
  const photos = createPhotosService({ db, repo: photosRepo, files, queue: derivatives, cache: imageCache, storage });
  const videos = createVideosService({
    db,
    repo: photosRepo,
    files,
    media,
    derivatives,
    videos: videoQueue,
    storage,
    maxBytes: videoMaxBytesOf(app),
  });

  const memoriesRepo = createMemoriesRepo(db);
  const audioCopies = createAudioCopyQueue({ jobs, repo: memoriesRepo, files, media, log });
  const memories = createMemoriesService({ db, repo: memoriesRepo, files, ai: createAiProvider(env), heic, storage, audioCopies });
  const transcription = createMemoryTranscription({ repo: memoriesRepo, files, transcriber: createConfiguredTranscriber(env) });

  // Each document's words are read in the background (decision 058): a PDF's text layer, OCR for scans and pictures.
  const vaultRepo = createVaultRepo(db);
  const vaultText = createVaultTextQueue({
    jobs,
    repo: vaultRepo,
    files,
    heic,
    reader: createTextReader(),
    log,
    serverEnabled: env.DOCUMENT_TEXT === 'on',
  });
  const vault = createVaultService({ db, repo: vaultRepo, files, log, storage, text: vaultText });
  const profile = createProfileService({ db, repo: createProfileRepo(db), files, sessions, storage });
  // The family tree (issue 30): contacts of the family are placed in it through its service.
  const tree = createTreeService({ repo: createTreeRepo(db) });
  const gedcom = createGedcomService({ repo: createGedcomRepo(db), jobs, log });
  const contacts = createContactsService({ repo: createContactsRepo(db), tree });
  // Dates that matter (issue 30): the family's dates read through the tree's and the contacts' services; the
  // weekly mail checked hourly.
  const familyDates = createFamilyDatesService({ repo: createFamilyDatesRepo(db), tree, contacts, jobs, publicUrl, log });
  defineFamilyDatesJob(jobs, familyDates, log);
  const collections = createCollectionsService({ db, repo: createCollectionsRepo(db), linkTokens, jobs, publicUrl });
  // Interviews (decision 066): answers become memories through the memories and photos services; checked hourly.
  const interviews = createInterviewsService({
    repo: createInterviewsRepo(db),
    jobs,
    linkTokens,
    publicUrl,
    log,
    files,
    memories,
    photos,
    transcription,
    canTranscribe: Boolean(env.AI_BASE_URL && env.AI_TRANSCRIBE_MODEL),
  });
  defineInterviewsJob(jobs, interviews, log);

  const sharedView = createSharedViewService({ repo: createSharedViewRepo(db), files, heic, media, tokens: linkTokens, checkPassword });
  const legacyRepo = createLegacyRepo(db);
  const legacy = createLegacyService({ repo: legacyRepo, shared: sharedView, tokens: linkTokens, jobs, throttle: loginThrottle });
  // releases by relation follow the family tree (decision 065), reaching it through the tree service only
  const legacyRelations = createLegacyRelationsService({ repo: createLegacyRelationsRepo(db), legacyRepo, family: tree, jobs, publicUrl });
  legacyRelations.defineJob(log);
  // yearly reachability (decision 073): the check-in mail names the addresses that may be out of date
  const reachability = createReachabilityService({ repo: createReachabilityRepo(db), jobs, linkTokens, publicUrl, log });
  defineReachabilityJobs(jobs, reachability, log);
  const legacyTrigger = createLegacyTriggerService({
    db,
    jobs,
    linkTokens,
    publicUrl,
    mailConfigured: env.SMTP_URL !== undefined,
    addressesOutOfDate: (userId) => reachability.outOfDate(userId),
  });
  defineLegacyTickJob(jobs, legacyTrigger, log, legacyRelations.follow);
  // care access (decision 077): the caregivers' grants, read by the shared view; steps in the plan's audit chain
  const audit = createLegacyAuditService(db);
  const legacyCare = createLegacyCareService({ repo: createLegacyCareRepo(db), audit, jobs, linkTokens, shared: sharedView, publicUrl });
  defineCareOpenJob(jobs, legacyCare);
  // after a release (decision 078): an heir keeps it in their own library; the owner's account stays or goes
  const keptRelease = createKeptReleaseService({ legacy, repo: legacyRepo, shared: sharedView });
  const legacyKeep = createLegacyKeepService({
    repo: createLegacyKeepRepo(db),
    released: keptRelease,
    shared: sharedView,
    files,
    jobs,
    storage,
    photos,
    videos,
    memories,
    vault,
  });
  defineLegacyKeepJob(jobs, legacyKeep);
  const afterRelease = createAfterReleaseService({
    repo: createAfterReleaseRepo(db),
    released: keptRelease,
    trigger: legacyTrigger,
    account,
    jobs,
    publicUrl,
    log,
  });
  defineAfterReleaseJob(jobs, afterRelease, log);
  // sealed copies kept elsewhere (decision 072): the owner's bucket (its secret key sealed with the instance secret)
  // and the release key's public half, checked against the plan's verifiers
  const escrow = createEscrowService({
    repo: createEscrowRepo(db),
    box: app.secretBox,
    allowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
    planVerifiers: (userId) => legacyTrigger.getPlan(userId),
  });
  // the escrow run (decision 074): each heir's sealed copy written into the owner's bucket when it changed
  const escrowRun = createEscrowRun({
    repo: createEscrowRepo(db),
    status: createEscrowStatusRepo(db),
    heirs: legacy,
    releaseKeyOutdated: async (userId) => (await escrow.releaseKeyState(userId)).releaseKey?.outdated ?? null,
    box: app.secretBox,
    allowPrivate: env.OUTBOUND_ALLOW_PRIVATE,
    jobs,
    publicUrl,
    log,
    opener: escrowOpenerHtml,
    oneAtATime: (userId, work) => withAdvisoryLock(db.$client, ESCROW_RUN_LOCK_BASE + userId, work),
  });
  defineEscrowJobs(jobs, escrowRun, log);
  // the watch from outside (decision 071): an owner's monitor is called every hour
  const heartbeat = createHeartbeatService({ repo: createHeartbeatRepo(db), allowPrivate: env.OUTBOUND_ALLOW_PRIVATE, log });
  defineHeartbeatJob(jobs, heartbeat, log);

  const exports = createExportsService({
    db,
    files,
    jobs,
    log,
    publicUrl,
    keyCodeSalt: linkTokens.keyCodeSalt(),
    familyTree: gedcom.archiveFile,
  });
  exports.defineJobs();
  const people = createPeopleService({ repo: peopleRepo, queue: faceQueue, photos, memories, serverEnabled: facesOn });
  // the life-story book (decision 068): names in its captions read through the people service, an interview's
  // answers through the interviews service
  const books = createBooksService({ db, files, jobs, log, linkTokens, people, interviews, publicUrl });
  books.defineJobs();

  // An import creates every item through its own feature's service (decision 029): the same ones as the routes.
  const importsRepo = createImportsRepo(db);
  const importServices = createImportServices(app, {
    storage,
    photos,
    videos,
    memories,
    vault,
    contacts,
    collections,
    profile,
    faces: importedFaces,
    familyTree: gedcom,
  });
  const importJob = defineImportJob(app, importsRepo, importServices);
  const imports = createImportsService({ app, repo: importsRepo, services: importServices, send: importJob.send });

  // What a crash between a row and its job lost, or what was made before ffmpeg was there, is queued at start.
  app.addHook('onReady', async () => {
    await derivatives.resumePending().catch((err: unknown) => log.error({ err }, 'Could not queue pending photos'));
    await videoQueue.resumePreparing().catch((err: unknown) => log.error({ err }, 'Could not queue videos being prepared'));
    await audioCopies.resumeMissing().catch((err: unknown) => log.error({ err }, 'Could not queue missing audio copies'));
    await faceQueue.resume().catch((err: unknown) => log.error({ err }, 'Could not queue looking for faces'));
    await vaultText.resume().catch((err: unknown) => log.error({ err }, "Could not queue reading the documents' words"));
    // ticks are keyed by time: queueing every timer that should be pending adds none twice
    await legacyTrigger.scheduleAll().catch((err: unknown) => log.error({ err }, 'Could not queue the Legacy Plan timers at start'));
    await legacyCare.scheduleAll().catch((err: unknown) => log.error({ err }, 'Could not queue the care access timers at start'));
    await legacyRelations.resume().catch((err: unknown) => log.error({ err }, 'Could not queue the Legacy Plan’s look at the family tree'));
    // checks are keyed by the hour: every instance and every restart asking is one check
    await queueFamilyDatesCheck(jobs, new Date(), false).catch((err: unknown) =>
      log.error({ err }, 'Could not queue the family dates check'),
    );
    await queueInterviewsTick(jobs, new Date(), false).catch((err: unknown) => log.error({ err }, 'Could not queue the interviews check'));
    await queueHeartbeats(jobs, new Date(), false).catch((err: unknown) => log.error({ err }, 'Could not queue the heartbeat'));
    await escrowRun.resume().catch((err: unknown) => log.error({ err }, 'Could not queue the escrow runs left waiting'));
    await queueEscrowNightly(jobs).catch((err: unknown) => log.error({ err }, 'Could not queue the nightly escrow runs'));
    await queueAfterRelease(jobs, new Date(), false).catch((err: unknown) => log.error({ err }, 'Could not queue the look after releases'));
    await queueReachability(jobs, new Date(), false).catch((err: unknown) =>
      log.error({ err }, 'Could not queue the yearly reachability asks'),
    );
  });
  // ffmpeg and waiting requests are stopped; their jobs run again after the restart
  app.addHook('onClose', async () => {
    derivatives.close();
    videoQueue.close();
    audioCopies.close();
    await faceQueue.close();
    await vaultText.close();
  });

  return {
    storage,
    auth,
    account,
    setup: createSetupService({ db, repo: createSetupRepo(db), accounts }),
    admin: createAdminService({ repo: createAdminRepo(db), jobs, sessions, env }),
    waitlist: createWaitlistService({ repo: createWaitlistRepo(db) }),
    profile,
    photos,
    videos,
    memories,
    transcription,
    vault,
    contacts,
    tree,
    gedcom,
    collections,
    sharedView,
    legacy,
    legacyRelations,
    legacyTrigger,
    legacyKeep,
    afterRelease,
    legacyCare,
    heartbeat,
    escrow,
    escrowRun,
    reachability,
    exports,
    imports,
    search: createSearchService({ repo: createSearchRepo(db) }),
    familyDates,
    interviews,
    timeline: createTimelineService({ repo: createTimelineRepo(db) }),
    onThisDay: createOnThisDayService({ db, repo: createOnThisDayRepo(db) }),
    health: createHealthService({ db, files }),
    people,
    books,
  };
}
export type AppServices = ReturnType<typeof buildServices>;
