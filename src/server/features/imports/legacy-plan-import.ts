// An archive's Legacy Plan back into the account (decision 047): heirs on the contacts this import created,
// with the public key their sealed letters are wrapped for; letters (sealed ones byte for byte, so the same key
// code opens them); releases as configured, pointing at the items this import mapped; the settings and
// verifiers (with new links) when the account has no plan yet. Nothing of the trigger's past travels: the plan
// starts active, counting from now. Each heir, letter and release is checked on its own, and one that does
// not hold together is a line in the report, never a broken row.
import { createHash } from 'node:crypto';
import type { ExportFile, ExportLegacyPlan, ExportRelease, HeirloomExport } from '@shared/export-format';
import { legacyPlanInputSchema, letterInputSchema, SEALED_LETTER_MAX_BYTES, LETTER_ATTACHMENTS_MAX_BYTES } from '@shared/schemas/legacy';
import { birthdayAt } from '../legacy/legacy.service';
import { scheduleLegacyTick } from '../legacy-trigger/legacy-trigger.service';
import { detectAttachmentType } from '../memories/memories.service';
import type { Sentence } from '../../lib/i18n';
import type { ImportContext } from './import-context';
import { line } from './import-report-lines';
import { parseCleanJson } from './read-json';
import { safeFileName } from '../../lib/uploads';

/** The new ids of what this import created (or found already here), by the archive's ids. */
export interface ImportedIds {
  contacts: Map<number, number>;
  photos: Map<number, number>;
  memories: Map<number, number>;
  documents: Map<number, number>;
  collections: Map<number, number>;
}

const STORED_CONDITIONS = {
  'after-death': 'after_death',
  'on-date': 'on_date',
  'at-age': 'at_age',
  never: 'never',
} as const;

/** The largest sealed letter the letters route takes, as JSON with its public parts. */
const SEALED_FILE_MAX_BYTES = Math.ceil((SEALED_LETTER_MAX_BYTES * 4) / 3) + 64 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const firstIssue = (error: { issues: Array<{ message: string }> }) => error.issues[0]?.message ?? 'It does not follow the export format';

export async function importLegacyPlan(ctx: ImportContext, data: HeirloomExport, plan: ExportLegacyPlan, ids: ImportedIds) {
  const { userId, report, services } = ctx;
  const repo = services.legacyPlan;
  const entries = new Map(ctx.archive.entries.map((e) => [e.path, e]));
  const contactOf = (id: number) => data.contacts.find((c) => c.id === id);
  const nameOf = (contactId: number) => {
    const c = contactOf(contactId);
    return c ? `${c.firstName} ${c.lastName}`.trim() : `contact ${contactId}`;
  };

  const state = await repo.planState(userId);
  if (state === 'released') {
    return report.refuse('Legacy Plan', line('planReleased'));
  }

  /** An archived file's bytes, checked against heirloom.json; a sentence is the reason it was refused. */
  async function readFile(file: ExportFile, maxBytes: number): Promise<Buffer | Sentence> {
    const entry = entries.get(file.path);
    if (!entry) return line('missing');
    if (entry.size > maxBytes) return line('letterFileTooLarge');
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await ctx.archive.open(entry)) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      if (bytes.length !== file.size || sha256(bytes) !== file.sha256) return line('damaged');
      return bytes;
    } catch {
      return line('damagedInArchive');
    }
  }

  // ---- heirs ----
  const heirs = new Map<number, { id: number; contactId: number; publicKey: string | null; dateOfBirth: string | null; name: string }>();
  const sameServer = plan.keyCodeSalt === services.keyCodeSaltId;
  for (const heir of plan.heirs) {
    const name = nameOf(heir.contactId);
    const where = `Legacy Plan/heirs/${name}`;
    const contactId = ids.contacts.get(heir.contactId);
    if (contactId === undefined) {
      report.refuse(where, line('heirContactMissing'));
      continue;
    }
    if (!contactOf(heir.contactId)?.email) {
      report.refuse(where, line('heirWithoutEmail'));
      continue;
    }
    // the hash opens only on the server whose salt made it, and only for one heir at a time
    const keepHash = heir.keyCodeHash !== null && sameServer && !(await repo.keyCodeHashTaken(heir.keyCodeHash));
    const values = {
      userId,
      contactId,
      dateOfBirth: heir.dateOfBirth,
      publicKey: heir.publicKey,
      keyCodeHash: keepHash ? heir.keyCodeHash : null,
      keyCodeCreatedAt: heir.keyCodeCreatedAt ? new Date(heir.keyCodeCreatedAt) : null,
    };
    let id = await repo.insertHeir(values);
    if (id === undefined && keepHash) id = await repo.insertHeir({ ...values, keyCodeHash: null });
    if (id === undefined) {
      report.refuse(where, line('heirAlready'));
      continue;
    }
    heirs.set(heir.id, { id, contactId, publicKey: heir.publicKey, dateOfBirth: heir.dateOfBirth, name });
    // A code made on another server is taken the first time its heir enters it here (matched by its public key).
    if (heir.keyCodeHash !== null && !keepHash && sameServer) {
      report.refuse(where, line('keyCodeTaken'));
    }
  }

  // ---- letters ----
  const letters = new Map<number, { id: number; heirId: number }>();
  for (const letter of plan.letters) {
    const where = `Legacy Plan/letters/${letter.title}`;
    const heir = heirs.get(letter.heirId);
    if (!heir) {
      report.refuse(where, line('letterHeirMissing'));
      continue;
    }
    if ((letter.body === null) === (letter.sealed === null)) {
      report.refuse(where, line('letterBodyOrSealed'));
      continue;
    }
    let values;
    if (letter.sealed) {
      const bytes = await readFile(letter.sealed.file, SEALED_FILE_MAX_BYTES);
      if (!Buffer.isBuffer(bytes)) {
        report.refuse(letter.sealed.file.path, bytes);
        continue;
      }
      const input = letterInputSchema.safeParse({
        heirId: heir.id,
        title: letter.title,
        sealed: parseCleanJson(bytes.toString('utf8'))?.value,
      });
      if (!input.success || !input.data.sealed) {
        report.refuse(
          letter.sealed.file.path,
          line('sealedNotKept', { issue: input.success ? 'no sealed letter' : firstIssue(input.error) }),
        );
        continue;
      }
      const sealed = input.data.sealed;
      if (sealed.recipientPublicKey !== heir.publicKey || sealed.recipientPublicKey !== letter.sealed.recipientPublicKey) {
        report.refuse(where, line('sealedForOtherCode'));
        continue;
      }
      values = { title: input.data.title, body: null, photoIds: [], attachments: [], sealed };
    } else {
      const photoIds = letter.photoIds.map((id) => ids.photos.get(id)).filter((id): id is number => id !== undefined);
      if (photoIds.length < letter.photoIds.length) report.refuse(where, line('letterPhotosMissing'));
      const attachments = [];
      let total = 0;
      for (const file of letter.attachments) {
        const bytes = await readFile(file, LETTER_ATTACHMENTS_MAX_BYTES);
        if (!Buffer.isBuffer(bytes)) {
          report.refuse(file.path, bytes);
          continue;
        }
        const type = await detectAttachmentType(bytes.subarray(0, 4100), file.fileName);
        if (!type?.mime.startsWith('audio/')) {
          report.refuse(file.path, line('letterAudioOnly'));
          continue;
        }
        total += bytes.length;
        attachments.push({ name: safeFileName(file.fileName), type: type.mime, data: bytes.toString('base64') });
      }
      const input = letterInputSchema.safeParse({ heirId: heir.id, title: letter.title, body: letter.body, photoIds, attachments });
      if (!input.success || total > LETTER_ATTACHMENTS_MAX_BYTES) {
        report.refuse(where, input.success ? line('recordingsTooLarge') : line('notImportedBecause', { issue: firstIssue(input.error) }));
        continue;
      }
      values = {
        title: input.data.title,
        body: input.data.body!,
        photoIds: input.data.photoIds ?? [],
        attachments: input.data.attachments ?? [],
        sealed: null,
      };
    }
    const id = await repo.insertLetter({
      userId,
      heirId: heir.id,
      ...values,
      createdAt: new Date(letter.createdAt),
      updatedAt: new Date(letter.updatedAt),
    });
    letters.set(letter.id, { id, heirId: heir.id });
  }

  // ---- releases ----
  const titleOf = (t: ExportRelease['target']) => {
    const found =
      t.kind === 'photo'
        ? data.photos.find((p) => p.id === t.id)?.fileName
        : t.kind === 'memory'
          ? data.memories.find((m) => m.id === t.id)?.title
          : t.kind === 'document'
            ? data.documents.find((d) => d.id === t.id)?.fileName
            : t.kind === 'collection'
              ? data.collections.find((c) => c.id === t.id)?.title
              : plan.letters.find((l) => l.id === t.id)?.title;
    return found ?? `${t.kind} ${t.id}`;
  };
  const now = new Date();
  let earliest: Date | undefined;
  for (const release of plan.releases) {
    const heir = heirs.get(release.heirId);
    const where = `Legacy Plan/releases/${heir?.name ?? `heir ${release.heirId}`}: ${titleOf(release.target)}`;
    if (!heir) {
      report.refuse(where, line('releaseHeirMissing'));
      continue;
    }
    const { kind, id: archiveId } = release.target;
    const targetId =
      kind === 'letter'
        ? letters.get(archiveId)?.id
        : (kind === 'photo' ? ids.photos : kind === 'memory' ? ids.memories : kind === 'document' ? ids.documents : ids.collections).get(
            archiveId,
          );
    if (targetId === undefined) {
      report.refuse(where, line('releaseTargetMissing', { kind }));
      continue;
    }
    if (kind === 'letter' && letters.get(archiveId)!.heirId !== heir.id) {
      report.refuse(where, line('releaseLetterOtherHeir'));
      continue;
    }
    let releaseAt: Date | null = null;
    if (release.condition === 'on-date') {
      if (!release.releaseAt) {
        report.refuse(where, line('releaseDateMissing'));
        continue;
      }
      releaseAt = new Date(release.releaseAt);
    } else if (release.condition === 'at-age') {
      if (release.age === null || !heir.dateOfBirth) {
        report.refuse(where, line('releaseAgeMissing'));
        continue;
      }
      releaseAt = birthdayAt(heir.dateOfBirth, release.age);
    }
    // a moment already past was reached where the plan came from: it stays released, and nobody is mailed again
    const releasedAt = releaseAt && releaseAt <= now ? releaseAt : null;
    if (releaseAt && !releasedAt && (!earliest || releaseAt < earliest)) earliest = releaseAt;
    await repo.insertRelease({
      userId,
      heirId: heir.id,
      contactId: heir.contactId,
      linkKind: 'heir',
      releaseCondition: STORED_CONDITIONS[release.condition],
      releaseAt,
      releaseAge: release.condition === 'at-age' ? release.age : null,
      releasedAt,
      includePlaces: true,
      includeNames: release.includeNames ?? false,
      collectionId: kind === 'collection' ? targetId : null,
      photoId: kind === 'photo' ? targetId : null,
      memoryId: kind === 'memory' ? targetId : null,
      vaultFileId: kind === 'document' ? targetId : null,
      letterId: kind === 'letter' ? targetId : null,
      createdAt: new Date(release.createdAt),
    });
  }

  // ---- settings and verifiers ----
  const verifiers = [];
  for (const v of plan.verifiers) {
    const contactId = ids.contacts.get(v.contactId);
    if (contactId === undefined || !contactOf(v.contactId)?.email) {
      report.refuse(`Legacy Plan/verifiers/${nameOf(v.contactId)}`, line('verifierWithoutContact'));
      continue;
    }
    const link = services.linkTokens.issue();
    verifiers.push({ contactId, tokenNonce: link.nonce, tokenHash: link.hash });
  }
  let planMade = false;
  if (state !== undefined) {
    if (plan.settings) report.skip('Legacy Plan/settings', line('settingsKept'));
    if ((await repo.verifierCount(userId)) + verifiers.length > 10) {
      if (verifiers.length > 0) report.refuse('Legacy Plan/verifiers', line('tooManyVerifiers', { max: '10' }));
    } else await repo.addVerifiers(userId, verifiers);
  } else if (!plan.settings) {
    if (verifiers.length > 0) report.refuse('Legacy Plan/verifiers', line('verifiersWithoutSettings'));
  } else {
    const settings = legacyPlanInputSchema.safeParse({ ...plan.settings, verifierContactIds: verifiers.map((v) => v.contactId) });
    if (!settings.success) {
      report.refuse('Legacy Plan/settings', line('settingsNotImported', { issue: firstIssue(settings.error) }));
    } else {
      const { checkInMonths, vetoDays, verifiersRequired } = settings.data;
      planMade = await repo.insertPlan(userId, { checkInMonths, vetoDays, verifiersRequired }, verifiers, now);
    }
  }
  if (planMade || earliest) await scheduleLegacyTick(services.jobs, userId, planMade ? undefined : earliest);
}
