// An heirloom archive back into an account (decision 029): heirloom.json says what there is, every file it
// names must be in the archive with the sha256 it says, and every item goes through its own feature's create
// path. Ids in the archive only tie items together; links are mapped to the new (or already present) ones.
import fsp from 'node:fs/promises';
import type { z } from 'zod';
import { PHOTO_MAX_BYTES, ATTACHMENT_MAX_BYTES, VAULT_FILE_MAX_BYTES } from '@shared/limits';
import { ARCHIVE_PATHS, heirloomExportSchema, type ExportFile, type HeirloomExport } from '@shared/export-format';
import { contactInputSchema } from '@shared/schemas/contacts';
import { memoryInputSchema } from '@shared/schemas/memories';
import { GEDCOM_MAX_BYTES, GEDCOM_MESSAGES } from '@shared/schemas/tree-gedcom';
import { collectionInputSchema } from '@shared/schemas/sharing';
import type { StagedFile } from '../../lib/file-store';
import type { DetectedType } from '../../lib/uploads';
import { ATTACHMENT_UPLOAD } from '../memories/memories.service';
import { PROFILE_PICTURE_RULES } from '../profile/profile.service';
import { VAULT_UPLOAD } from '../vault/vault.service';
import { ArchiveRefusedError, type ArchiveEntry } from './archive-reader';
import { usableDateTaken } from './date-taken';
import { refusal } from './archive-refusals';
import { dateNotUsable, line } from './import-report-lines';
import { asReceived, itemRefusal, type ImportContext, createMedia, detectMediaType, reportCleanedNames } from './import-context';
import { prepareInterviews } from './interviews-import';
import { createInterviewsImportRepo } from './interviews-import.repo';
import { importLegacyPlan } from './legacy-plan-import';
import type { Tx } from '../../lib/durable-files';
import { shippedLanguages } from '../../lib/i18n';
import { cleanedReason, parseCleanJson, readText } from './read-json';

const MAX_METADATA_BYTES = 512 * 1024 * 1024;

/** The archive's heirloom.json when it is an heirloom export, else undefined. */
export function findHeirloomMetadata(entries: ArchiveEntry[]): ArchiveEntry | undefined {
  return entries.find((e) => e.path === ARCHIVE_PATHS.metadata);
}

/** heirloom.json, every string in it cleaned as it is parsed (and counted in the report). */
async function readJson(ctx: ImportContext, entry: ArchiveEntry): Promise<unknown> {
  if (entry.size > MAX_METADATA_BYTES) throw new ArchiveRefusedError(refusal('metadataTooLarge'));
  const parsed = parseCleanJson(await readText(await ctx.archive.open(entry)));
  if (!parsed) throw new ArchiveRefusedError(refusal('metadataNotJson'));
  if (parsed.cleaned > 0) ctx.report.refuse(entry.path, cleanedReason(parsed.cleaned));
  return parsed.value;
}

/**
 * Parts of heirloom.json an archive can do without: a Legacy Plan that does not hold together costs the plan, not
 * the library (decision 047), a face or person that breaks the format (a box outside the picture, a name
 * too long) costs that face or person (decision 059), and an interview that breaks it (an unknown status, a
 * question too long) costs that interview (decision 066). Each is left out with a line in the report.
 */
function withoutBadParts(ctx: ImportContext, json: Record<string, unknown>, issues: readonly z.core.$ZodIssue[]) {
  const badPeople = new Set<number>();
  const badInterviews = new Set<number>();
  let interviewsIssue: z.core.$ZodIssue | undefined;
  const badFaces = new Map<number, Set<number>>();
  const badLabels = new Set<number>();
  let planIssue: z.core.$ZodIssue | undefined;
  for (const issue of issues) {
    const [top, i, field, j] = issue.path;
    if (top === 'legacyPlan') planIssue ??= issue;
    else if (top === 'people' && typeof i === 'number') badPeople.add(i);
    else if (top === 'interviews' && typeof i === 'number') badInterviews.add(i);
    else if (top === 'interviews') interviewsIssue ??= issue;
    else if (top === 'photos' && typeof i === 'number' && field === 'faces' && typeof j === 'number')
      badFaces.set(i, (badFaces.get(i) ?? new Set()).add(j));
    else if (top === 'photos' && typeof i === 'number' && field === 'labels') badLabels.add(i);
    // anything else refuses the archive: the parse again, without what can be left out, names it
  }
  const messageAt = (at: (string | number)[]) => {
    const issue = issues.find((x) => at.every((part, k) => x.path[k] === part));
    return issue ? `${issue.path.slice(at.length).join('.') || 'it'}: ${issue.message}` : '';
  };
  const fixed: Record<string, unknown> = { ...json };
  if (planIssue) {
    fixed.legacyPlan = undefined;
    ctx.report.refuse('Legacy Plan', line('planFormat', { issue: `${planIssue.path.join('.')}: ${planIssue.message}` }));
  }
  if (badPeople.size > 0 && Array.isArray(json.people)) {
    fixed.people = json.people.filter((person: unknown, i) => {
      if (!badPeople.has(i)) return true;
      const name = person && typeof person === 'object' && 'name' in person && typeof person.name === 'string' ? person.name : '';
      ctx.report.refuse(`people/${name.slice(0, 80) || i + 1}`, line('personFormat', { issue: messageAt(['people', i]) }));
      return false;
    });
  }
  if (interviewsIssue) {
    fixed.interviews = undefined;
    ctx.report.refuse('interviews', line('interviewsFormat', { issue: interviewsIssue.message }));
  } else if (badInterviews.size > 0 && Array.isArray(json.interviews)) {
    fixed.interviews = json.interviews.filter((interview: unknown, i) => {
      if (!badInterviews.has(i)) return true;
      const name =
        interview && typeof interview === 'object' && 'storytellerName' in interview && typeof interview.storytellerName === 'string'
          ? interview.storytellerName
          : '';
      ctx.report.refuse(`interviews/${name.slice(0, 80) || i + 1}`, line('interviewFormat', { issue: messageAt(['interviews', i]) }));
      return false;
    });
  }
  if ((badFaces.size > 0 || badLabels.size > 0) && Array.isArray(json.photos)) {
    fixed.photos = json.photos.map((photo: unknown, i) => {
      if (!photo || typeof photo !== 'object' || (!badFaces.has(i) && !badLabels.has(i))) return photo;
      const at = 'path' in photo && typeof photo.path === 'string' ? photo.path : `photos/${i + 1}`;
      const kept: Record<string, unknown> = { ...photo };
      const faces = badFaces.get(i);
      if (faces && Array.isArray(kept.faces)) {
        kept.faces = kept.faces.filter((_: unknown, j) => !faces.has(j));
        for (const j of faces) ctx.report.refuse(at, line('faceFormat', { issue: messageAt(['photos', i, 'faces', j]) }));
      }
      if (badLabels.has(i)) {
        kept.labels = undefined;
        ctx.report.refuse(at, line('labelsFormat', { issue: messageAt(['photos', i, 'labels']) }));
      }
      return kept;
    });
  }
  return fixed;
}

export async function parseHeirloomMetadata(ctx: ImportContext, entry: ArchiveEntry): Promise<HeirloomExport> {
  const json = await readJson(ctx, entry);
  let parsed = heirloomExportSchema.safeParse(json);
  if (!parsed.success && json && typeof json === 'object' && !Array.isArray(json)) {
    parsed = heirloomExportSchema.safeParse(withoutBadParts(ctx, json as Record<string, unknown>, parsed.error.issues));
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'heirloom.json';
    throw new ArchiveRefusedError(refusal('metadataFormat', { issue: `${where}: ${issue?.message}` }));
  }
  return parsed.data;
}

/** The bytes of every original heirloom.json names: what an import of it would store. */
export const heirloomBytes = (data: HeirloomExport) =>
  [...data.photos, ...data.memories.flatMap((m) => m.attachments), ...data.documents].reduce((sum, f) => sum + f.size, 0);

const mapOf = () => new Map<number, number>();

/** A family.ged that cannot be read costs the tree, with its reason in the report, not the archive. */
async function importFamilyTree(ctx: ImportContext, entry: ArchiveEntry) {
  if (entry.size > GEDCOM_MAX_BYTES) return void ctx.report.refuse(entry.path, GEDCOM_MESSAGES.tooLarge);
  const staged = await ctx.stage(entry, GEDCOM_MAX_BYTES);
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(staged.tempPath);
  } finally {
    await ctx.discard(staged);
  }
  const result = await ctx.services.familyTree.importForArchive(ctx.userId, ctx.importId, bytes);
  if ('refused' in result) return void ctx.report.refuse(entry.path, result.refused);
  for (const warning of result.report.warnings.items.slice(0, 20)) ctx.report.skip(`${entry.path}:${warning.line}`, warning.message);
}

/**
 * Imports the archive; what it returns is written in the transaction that marks the import done (the
 * interviews, which carry no import id: decision 066).
 */
export async function importHeirloom(ctx: ImportContext, data: HeirloomExport): Promise<(tx: Tx) => Promise<void>> {
  const { userId, importId, services, report } = ctx;
  const entries = new Map(ctx.archive.entries.map((e) => [e.path, e]));
  const files = [...data.photos, ...data.memories.flatMap((m) => m.attachments), ...data.documents];
  const itemsTotal = data.contacts.length + data.memories.length + data.collections.length + files.length;
  await ctx.progress.start(itemsTotal, heirloomBytes(data));
  reportCleanedNames(ctx);

  /**
   * The archived file, staged and checked against heirloom.json; undefined (and refused in the report) when
   * it is missing, too large, of another type than the feature keeps, or its bytes differ.
   */
  async function stageFile(file: ExportFile, maxBytes: number, accept: (head: Buffer, name: string) => Promise<DetectedType | undefined>) {
    const entry = entries.get(file.path);
    if (!entry) return void report.refuse(file.path, line('missing'));
    if (entry.size > maxBytes)
      return void report.refuse(file.path, line('fileTooLarge', { megabytes: String(Math.round(maxBytes / 1024 / 1024)) }));
    let staged: StagedFile | undefined;
    try {
      staged = await ctx.stage(entry, maxBytes);
      if (staged.sha256 !== file.sha256 || staged.size !== file.size) {
        await ctx.discard(staged);
        return void report.refuse(file.path, line('damaged'));
      }
      const type = await accept(staged.head, file.fileName);
      if (!type) {
        await ctx.discard(staged);
        return void report.refuse(file.path, line('kindNotKeptHere'));
      }
      return asReceived(staged, file.fileName, type);
    } catch (err) {
      if (staged) await ctx.discard(staged);
      const reason = itemRefusal(err);
      if (reason === undefined) throw err;
      report.refuse(file.path, reason);
      return undefined;
    }
  }

  /** Runs one item's create; a refusal by its feature goes into the report, anything else fails the try. */
  async function attempt(path: string, create: () => Promise<void>) {
    try {
      await create();
    } catch (err) {
      const reason = itemRefusal(err);
      if (reason === undefined) throw err;
      report.refuse(path, reason);
    }
  }

  const contactIds = mapOf();
  for (const contact of data.contacts) {
    await attempt(`contacts/${contact.firstName} ${contact.lastName}`.trim(), async () => {
      // a language this heirloom does not ship (an archive from a newer one) falls back to the owner's
      const language = contact.language && shippedLanguages().includes(contact.language) ? contact.language : null;
      const input = contactInputSchema.safeParse({ ...contact, language });
      if (!input.success) return report.refuse(`contacts/${contact.firstName}`, input.error.issues[0]?.message ?? 'Invalid contact');
      const created = await services.contacts.create(userId, input.data, { importId });
      contactIds.set(contact.id, created.id);
      report.add('contacts');
    });
    await ctx.progress.done(0);
  }

  const memoryIds = mapOf();
  for (const memory of data.memories) {
    await attempt(memory.markdown, async () => {
      const input = memoryInputSchema.safeParse({ ...memory, isPublic: false });
      if (!input.success) return report.refuse(memory.markdown, input.error.issues[0]?.message ?? 'Invalid memory');
      const created = await services.memories.create(userId, input.data, { importId });
      memoryIds.set(memory.id, created.id);
      report.add('memories');
    });
    await ctx.progress.done(0);
    const newMemoryId = memoryIds.get(memory.id);
    for (const attachment of memory.attachments) {
      if (newMemoryId !== undefined) {
        const received = await stageFile(attachment, ATTACHMENT_MAX_BYTES, ATTACHMENT_UPLOAD.accept);
        if (received)
          await attempt(attachment.path, async () => {
            await services.memories.uploadAttachments(userId, newMemoryId, [received]);
            report.add('attachments');
          });
      }
      await ctx.progress.done(attachment.size);
    }
  }

  /** Photos and documents already here (same sha256, or an earlier copy in this archive) are skipped. */
  const seen = new Map<string, { id: number; memoryId: number | null }>();

  /**
   * A skipped file the archive links to one of its memories is linked to that memory when it belongs to
   * none yet: an existing link is never moved (and removing this import's memory unlinks it again).
   */
  async function linkExisting(
    path: string,
    existing: { memoryId: number | null },
    archivedMemoryId: number | null,
    link: (memoryId: number) => Promise<unknown>,
  ) {
    const memoryId = archivedMemoryId === null ? undefined : memoryIds.get(archivedMemoryId);
    if (memoryId === undefined || existing.memoryId !== null) return;
    await attempt(path, async () => {
      await link(memoryId);
      existing.memoryId = memoryId;
    });
  }
  // The people in the photos (decision 059): each is made with their first face in a photo this import
  // adds, named and linked to the imported contact they are; a photo already in the library keeps its own faces.
  const archivedPeople = new Map((data.people ?? []).map((p) => [p.id, p]));
  const personIds = mapOf();
  if (data.people) report.addPeople(0, 0); // the report counts them for an archive that has them, none or more

  const photoIds = mapOf();
  for (const photo of data.photos) {
    await importPhoto(photo);
    await ctx.progress.done(photo.size);
  }

  async function importPhoto(photo: HeirloomExport['photos'][number]) {
    const existing = seen.get(`p:${photo.sha256}`) ?? (await ctx.repo.photoByHash(userId, photo.sha256));
    if (existing !== undefined) {
      photoIds.set(photo.id, existing.id);
      await linkExisting(photo.path, existing, photo.memoryId, (memoryId) =>
        services.memories.link(userId, memoryId, { photoIds: [existing.id] }),
      );
      return report.skip(photo.path, line('sameFile'));
    }
    // a video (decision 038) is in the export's photos too: its bytes tell which it is
    const received = await stageFile(photo, Math.max(PHOTO_MAX_BYTES, services.videoMaxBytes), detectMediaType);
    if (!received) return;
    await attempt(photo.path, async () => {
      const created = await createMedia(ctx, received);
      const record = { id: created.id, memoryId: null as number | null };
      seen.set(`p:${photo.sha256}`, record);
      photoIds.set(photo.id, created.id);
      const dateTaken = photo.dateTaken ? usableDateTaken(Date.parse(photo.dateTaken)) : undefined;
      if (photo.dateTaken && !dateTaken) report.refuse(photo.path, line('photoWithout', { what: dateNotUsable() }));
      await services.photos.setImportedMetadata(userId, created.id, {
        title: photo.title,
        description: photo.description,
        dateTaken: dateTaken ?? null,
        // decision 067: an archive before version 3 says nothing of precision; its dates were the files' own
        dateTakenPrecision: photo.dateTakenPrecision ?? 'exact',
        dateTakenMargin: photo.dateTakenMargin ?? null,
        // an archive without places leaves the photo's own (from its EXIF) as it is
        ...(data.includesPlaces && { location: photo.location }),
        cameraInfo: photo.cameraInfo,
        tags: photo.tags,
      });
      const memoryId = photo.memoryId === null ? undefined : memoryIds.get(photo.memoryId);
      if (memoryId !== undefined) {
        await services.memories.link(userId, memoryId, { photoIds: [created.id] });
        record.memoryId = memoryId;
      }
      await importFaces(created.id, photo);
      report.add('photos');
    });
  }

  async function importFaces(photoId: number, photo: HeirloomExport['photos'][number]) {
    const faces = (photo.faces ?? []).map((face) => {
      const person = face.personId === null ? undefined : archivedPeople.get(face.personId);
      return {
        box: face.box,
        source: face.source,
        archivedPersonId: person?.id ?? null,
        person: person
          ? {
              name: person.name || null,
              contactId: person.contactId === null ? null : (contactIds.get(person.contactId) ?? null),
              hidden: person.hidden,
              onThisDay: person.onThisDay,
            }
          : null,
      };
    });
    if (faces.length === 0 && !photo.labels?.length) return; // a new photo has neither already
    const made = await services.people.savePhoto(userId, photoId, { faces, labels: photo.labels }, personIds);
    for (const [archived, id] of made) personIds.set(archived, id);
    const named = faces.filter(({ person }) => person && (person.name !== null || person.contactId !== null)).length;
    if (made.size > 0 || named > 0) report.addPeople(made.size, named);
  }

  for (const person of archivedPeople.values()) {
    if (person.name && !personIds.has(person.id)) report.skip(`people/${person.name}`, line('personNotShown'));
  }
  // the archive's faces have no embeddings: the model looks at their photos (those whose copies exist now; the rest
  // when their copies are made), so a new photo of a restored person is put with them
  // (a failure to queue is no failure of the import: each photo is queued again when its copies are made)
  if (personIds.size > 0) await services.faces.imported(userId).catch(() => undefined);

  const documentIds = mapOf();
  for (const document of data.documents) {
    await importDocument(document);
    await ctx.progress.done(document.size);
  }

  async function importDocument(document: HeirloomExport['documents'][number]) {
    const existing = seen.get(`d:${document.sha256}`) ?? (await ctx.repo.documentByHash(userId, document.sha256));
    if (existing !== undefined) {
      documentIds.set(document.id, existing.id);
      await linkExisting(document.path, existing, document.memoryId, (memoryId) =>
        services.memories.link(userId, memoryId, { vaultFileIds: [existing.id] }),
      );
      return report.skip(document.path, line('sameFile'));
    }
    const received = await stageFile(document, VAULT_FILE_MAX_BYTES, (head, name) => VAULT_UPLOAD.accept(head, name));
    if (!received) return;
    await attempt(document.path, async () => {
      const memoryId = document.memoryId === null ? undefined : memoryIds.get(document.memoryId);
      const fields: Record<string, string> = { description: document.description ?? '', memoryId: memoryId ? String(memoryId) : '' };
      // its words as the archive's server read them (decision 058): found by search at once, not read again
      const created = await services.vault.create(userId, received, fields, { importId, text: document.text });
      seen.set(`d:${document.sha256}`, { id: created.id, memoryId: created.memoryId });
      documentIds.set(document.id, created.id);
      report.add('documents');
    });
  }

  const collectionIds = mapOf();
  for (const collection of data.collections) {
    await attempt(`collections/${collection.title}`, async () => {
      // a person collection follows the person this import made of the archived one; one it did not make (none of
      // its photos came) leaves an ordinary collection, as a person collection whose person is gone is
      const personId = collection.personId == null ? null : (personIds.get(collection.personId) ?? null);
      if (collection.personId != null && personId === null) report.skip(`collections/${collection.title}`, line('ordinaryCollection'));
      const input = collectionInputSchema.safeParse({ title: collection.title, description: collection.description, personId });
      if (!input.success) return report.refuse(`collections/${collection.title}`, input.error.issues[0]?.message ?? 'Invalid collection');
      const created = await services.collections.create(userId, input.data, { importId });
      collectionIds.set(collection.id, created.id);
      const ids = { photoIds: [] as number[], memoryIds: [] as number[], documentIds: [] as number[] };
      for (const item of collection.items) {
        const mapped = (item.kind === 'photo' ? photoIds : item.kind === 'memory' ? memoryIds : documentIds).get(item.id);
        if (mapped !== undefined) ids[`${item.kind}Ids`].push(mapped);
      }
      const unique = {
        photoIds: [...new Set(ids.photoIds)],
        memoryIds: [...new Set(ids.memoryIds)],
        documentIds: [...new Set(ids.documentIds)],
      };
      if (unique.photoIds.length + unique.memoryIds.length + unique.documentIds.length > 0) {
        await services.collections.addItems(userId, created.id, unique);
      }
      const cover = collection.coverPhotoId === null ? undefined : photoIds.get(collection.coverPhotoId);
      if (cover !== undefined && unique.photoIds.includes(cover))
        await services.collections.update(userId, created.id, { coverPhotoId: cover });
      report.add('collections');
    });
    await ctx.progress.done(0);
  }

  // The profile picture comes after the library, and only to an account without one: an import never replaces what the
  // user chose. It is re-encoded like any upload (its metadata is never kept), so its bytes are new ones.
  const picture = data.owner.profilePicture;
  if (picture && data.scope === 'account') {
    if (await services.profile.hasPicture(userId)) {
      report.skip(picture.path, line('hasProfilePicture'));
    } else {
      const received = await stageFile(picture, PROFILE_PICTURE_RULES.maxBytes, async (head, name) =>
        PROFILE_PICTURE_RULES.accept(head, name),
      );
      if (received) await attempt(picture.path, async () => void (await services.profile.replacePicture(userId, received.staged)));
    }
  }

  // the family tree, from its GEDCOM file; its persons carry the id of a GEDCOM import of its own, tied to this one
  const familyTree = entries.get(ARCHIVE_PATHS.familyTree);
  if (familyTree && data.scope === 'account') await importFamilyTree(ctx, familyTree);

  // last, after everything it can release (its plan row carries no import id); only an account's own archive has one
  if (data.legacyPlan && data.scope === 'account') {
    const ids = { contacts: contactIds, photos: photoIds, memories: memoryIds, documents: documentIds, collections: collectionIds };
    await importLegacyPlan(ctx, data, data.legacyPlan, ids);
  }

  // the interviews (decision 066): checked now, written with the import's end, each paused or as it was
  const interviews = data.scope === 'account' ? prepareInterviews(ctx, data, { contacts: contactIds, memories: memoryIds }) : undefined;
  if (interviews && interviews.interviews.length > 0) report.addInterviews(interviews.interviews.length);
  return async (tx) => {
    if (!interviews) return;
    const repo = createInterviewsImportRepo();
    await repo.write(tx, userId, interviews.interviews);
    await repo.setStorytellers(tx, userId, interviews.storytellers);
  };
}
