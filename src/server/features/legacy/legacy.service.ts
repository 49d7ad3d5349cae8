// The Legacy Plan's heirs, key codes, releases, letters and what an heir opens (decision 027). The trigger
// (plan, check-ins, verifiers, veto, the release itself) is legacy-trigger's: it sets grants.released_at.
import { hashRaw } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { keyCodeFromBytes, normalizeKeyCode, readKeyCode } from '@shared/key-code';
import { heirPublicKey } from '@shared/sealed-letter';
import {
  LEGACY_MESSAGES,
  type Heir,
  type HeirInput,
  type LegacyPreview,
  type Letter,
  type LetterAudio,
  type LetterInput,
  type OpenResult,
  type Received,
  type Release,
  type ReleaseInput,
  type SealedLetter,
} from '@shared/schemas/legacy';
import { defineMessages } from '../../lib/define-messages';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { sentence } from '../../lib/i18n';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import type { ArchiveToSend } from '../../lib/send-file';
import type { FastifyInstance } from 'fastify';
import { scheduleLegacyTick } from '../legacy-trigger/legacy-trigger.service';
import { archiveToSend, safeNamePart } from '../exports/exports.service';
import type { ShareAccess, SharedViewService } from '../shared-view/shared-view.service';
import { acceptLetterAudio, describeLetterAudio } from './letter-audio';
import { createHeirArchive } from './heir-archive';
import { kindOf, targetIdOf, type HeirRow, type LegacyRepo, type ReleaseKind, type ReleaseRow, type StoredCondition } from './legacy.repo';
import { userText } from '@shared/i18n/text';

/** The heir's cookie: `<heirId>.<proof>`, sent with /api/legacy requests only. */
export const HEIR_COOKIE = 'heirloom_heir';
export const HEIR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const RECEIVED_BASE = '/api/legacy/received';

const CONDITIONS: Record<Exclude<Release['condition'], 'now'>, StoredCondition> = {
  'after-death': 'after_death',
  'on-date': 'on_date',
  'at-age': 'at_age',
  never: 'never',
};
const conditionOf = (stored: StoredCondition): Release['condition'] =>
  stored === 'now' ? 'now' : (Object.entries(CONDITIONS).find(([, v]) => v === stored)![0] as Release['condition']);

/** A well-formed code nobody holds: malformed codes are hashed as this, so they cost what a real one does. */
const DUMMY_CODE = '0'.repeat(27);

const iso = (d: Date | null) => d?.toISOString() ?? null;
const nameOf = (h: { firstName: string; lastName: string }) => `${h.firstName} ${h.lastName}`.trim();

const messages = defineMessages({
  keyCodeFirst: {
    id: 'errors.legacy.keyCodeFirst',
    defaultMessage: 'Make {heir}’s key code first: without it, nothing released to them can be opened.',
  },
  releaseIsNow: {
    id: 'errors.legacy.releaseIsNow',
    defaultMessage:
      '{heir} is already {age}, so a release at {releaseAge} would happen now. Choose an age above {age}, or say that it is released now (releaseNow).',
  },
});
const keyCodeFirst = (h: { firstName: string; lastName: string }) => sentence(messages.keyCodeFirst, { heir: nameOf(h) });

/** How old someone born on `dateOfBirth` is at `at` (by the same UTC birthdays as birthdayAt). */
export function ageAt(dateOfBirth: string, at: Date): number {
  const years = at.getUTCFullYear() - Number(dateOfBirth.slice(0, 4));
  return birthdayAt(dateOfBirth, years) <= at ? years : years - 1;
}

/** The heir's birthday of that age (UTC midnight); 29 February becomes 1 March in other years. */
export function birthdayAt(dateOfBirth: string, age: number): Date {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + age, m - 1, d));
}

interface Deps {
  repo: LegacyRepo;
  shared: SharedViewService;
  tokens: LinkTokens;
  jobs: JobQueue;
  /** The sign-in throttle, keyed per key code (decision 024's rules). */
  throttle: FastifyInstance['loginThrottle'];
  now?: () => Date;
}

export function createLegacyService({ repo, shared, tokens, jobs, throttle, now = () => new Date() }: Deps) {
  const heirDataset = createHeirArchive({ repo, shared, now });
  const salt = tokens.keyCodeSalt();
  /** argon2id with the instance's fixed salt: slow to guess, and the same code always finds the same heir. */
  const hashKeyCode = async (normalized: string) => (await hashRaw(normalized, { salt })).toString('base64url');

  function heirOut(h: HeirRow): Heir {
    return {
      id: h.id,
      contactId: h.contactId,
      name: nameOf(h),
      email: h.email,
      language: h.language,
      dateOfBirth: h.dateOfBirth,
      hasKeyCode: h.keyCodeHash !== null,
      publicKey: h.publicKey,
      keyCodeCreatedAt: iso(h.keyCodeCreatedAt),
      createdAt: h.createdAt.toISOString(),
    };
  }

  function releaseOut(r: ReleaseRow): Release {
    return {
      id: r.id,
      heirId: r.heirId,
      condition: conditionOf(r.condition),
      target: { kind: kindOf(r), id: targetIdOf(r), title: r.title },
      releaseAt: iso(r.releaseAt),
      age: r.age,
      releasedAt: iso(r.releasedAt),
      includeNames: r.includeNames,
      createdAt: r.createdAt.toISOString(),
    };
  }

  function letterOut(l: Awaited<ReturnType<LegacyRepo['listLetters']>>[number]): Letter {
    return {
      id: l.id,
      heirId: l.heirId,
      title: l.title,
      body: l.body,
      photoIds: l.photoIds,
      attachments: describeLetterAudio(l.attachments as LetterAudio[]),
      // the owner's browser cannot open it and need not download it again: the ciphertext stays on the server
      sealed: l.sealed ? { ...(l.sealed as SealedLetter), ciphertext: '' } : null,
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    };
  }

  async function heirOf(userId: number, heirId: number) {
    const heir = await repo.findHeir(userId, heirId);
    if (!heir) throw notFound();
    return heir;
  }

  const isReleasedNow = (r: ReleaseRow, at: Date) => r.condition === 'now' || (r.releasedAt !== null && r.releasedAt <= at);

  /** The heir a cookie names, when its proof matches the heir's current key code; else 401. */
  async function heirOfCookie(cookie: string | undefined) {
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{1,100})$/.exec(cookie ?? '');
    const heir = match ? await repo.findHeirById(Number(match[1])) : undefined;
    if (!heir?.keyCodeHash || !tokens.isHeirProof(match![2]!, heir.id, heir.keyCodeHash)) {
      throw unauthorized(userText('Enter your key code to open what was left for you.'));
    }
    return heir;
  }

  return {
    // ---- the owner's side ----

    listHeirs: async (userId: number) => (await repo.listHeirs(userId)).map(heirOut),

    async addHeir(userId: number, input: HeirInput): Promise<Heir> {
      const contact = await repo.findContact(userId, input.contactId);
      if (!contact) throw notFound(userText('Contact not found'));
      if (!contact.email) throw badRequest(LEGACY_MESSAGES.heirNeedsEmail);
      const id = await repo.insertHeir(userId, contact.id, input.dateOfBirth ?? null);
      if (id === undefined) throw conflict(LEGACY_MESSAGES.alreadyHeir);
      return heirOut(await heirOf(userId, id));
    },

    /** A new date of birth moves the heir's pending "at an age" releases with it; it cannot be removed while there are some. */
    async updateHeir(userId: number, heirId: number, input: { dateOfBirth?: string | null }): Promise<Heir> {
      await heirOf(userId, heirId);
      const dateOfBirth = input.dateOfBirth ?? null;
      const pending = await repo.pendingAgeReleases(userId, heirId);
      if (!dateOfBirth && pending.length > 0) throw badRequest(LEGACY_MESSAGES.dateOfBirthNeeded);
      if (!(await repo.updateHeir(userId, heirId, { dateOfBirth }))) throw notFound();
      const at = now();
      for (const r of pending) {
        const birthday = birthdayAt(dateOfBirth!, r.age ?? 0);
        const releaseAt = birthday > at ? birthday : at;
        await repo.setReleaseAt(userId, r.id, releaseAt);
        await scheduleLegacyTick(jobs, userId, releaseAt);
      }
      return heirOut(await heirOf(userId, heirId));
    },

    async removeHeir(userId: number, heirId: number) {
      // the next expansion of the rule would make the heir again (decision 065)
      if (await repo.heirHasRuleGrants(userId, heirId)) throw conflict(LEGACY_MESSAGES.heirFromRule, 'HEIR_FROM_RULE');
      if (!(await repo.deleteHeir(userId, heirId))) throw notFound();
    },

    /** A new key code, shown only in this answer; the old code (and the public key derived from it) stop working. */
    async newKeyCode(userId: number, heirId: number) {
      await heirOf(userId, heirId);
      const keyCode = keyCodeFromBytes(randomBytes(17));
      const hash = await hashKeyCode(readKeyCode(keyCode)!);
      if (!(await repo.setKeyCode(userId, heirId, hash, now()))) throw notFound();
      return { keyCode };
    },

    async setPublicKey(userId: number, heirId: number, publicKey: string): Promise<Heir> {
      const heir = await heirOf(userId, heirId);
      if (!heir.keyCodeHash) throw badRequest(LEGACY_MESSAGES.noKeyCode);
      await repo.setPublicKey(userId, heirId, publicKey);
      return heirOut(await heirOf(userId, heirId));
    },

    async addRelease(userId: number, input: ReleaseInput): Promise<Release> {
      const heir = await heirOf(userId, input.heirId);
      const [kind, targetId] = (
        [
          ['collection', input.collectionId],
          ['photo', input.photoId],
          ['memory', input.memoryId],
          ['document', input.documentId],
          ['letter', input.letterId],
        ] as Array<[ReleaseKind, number | undefined]>
      ).find(([, id]) => id !== undefined)!;
      const target = await repo.ownsTarget(userId, kind, targetId!);
      if (!target) throw notFound();
      if (kind === 'letter' && target.heirId !== heir.id)
        throw badRequest(userText('A letter is released only to the heir it was written to.'));

      const condition = input.condition ?? 'after-death';
      const at = now();
      let releaseAt: Date | null = null;
      let releaseAge: number | null = null;
      if (condition === 'on-date') {
        releaseAt = new Date(input.releaseAt!);
        if (releaseAt <= at) throw badRequest(LEGACY_MESSAGES.releaseAtInPast);
      } else if (condition === 'at-age') {
        if (!heir.dateOfBirth) throw badRequest(LEGACY_MESSAGES.dateOfBirthNeeded);
        releaseAge = input.age!;
        const birthday = birthdayAt(heir.dateOfBirth, releaseAge);
        if (birthday <= at && !input.releaseNow) {
          const age = ageAt(heir.dateOfBirth, at);
          throw conflict(sentence(messages.releaseIsNow, { heir: nameOf(heir), age, releaseAge }), 'RELEASE_IS_NOW');
        }
        releaseAt = birthday > at ? birthday : at;
      }
      if (releaseAt && releaseAt <= at && !heir.keyCodeHash) throw conflict(keyCodeFirst(heir), 'NO_KEY_CODE');
      const id = await repo.insertRelease({
        userId,
        heirId: heir.id,
        contactId: heir.contactId,
        linkKind: 'heir',
        releaseCondition: CONDITIONS[condition],
        releaseAt,
        releaseAge,
        // an heir receives the originals, places included (decision 027)
        includePlaces: true,
        // the names of the people in the photos only where the owner chose them, as for a link
        includeNames: input.includeNames ?? false,
        collectionId: kind === 'collection' ? targetId : null,
        photoId: kind === 'photo' ? targetId : null,
        memoryId: kind === 'memory' ? targetId : null,
        vaultFileId: kind === 'document' ? targetId : null,
        letterId: kind === 'letter' ? targetId : null,
      });
      if (releaseAt) await scheduleLegacyTick(jobs, userId, releaseAt);
      return releaseOut((await repo.findRelease(userId, id))!);
    },

    listReleases: async (userId: number) => (await repo.listReleases(userId)).map(releaseOut),

    async removeRelease(userId: number, id: number) {
      // a grant made by a rule by relation goes with its rule, not on its own (decision 065)
      if (await repo.isRuleGrant(userId, id)) throw conflict(LEGACY_MESSAGES.releaseFromRule, 'RELEASE_FROM_RULE');
      const removed = await repo.deleteRelease(userId, id);
      if (!removed) throw notFound();
      // the trigger recomputes its next wake-up without the dated release
      if (removed.releaseAt) await scheduleLegacyTick(jobs, userId);
    },

    async addLetter(userId: number, input: LetterInput): Promise<Letter> {
      const heir = await heirOf(userId, input.heirId);
      let content:
        | { body: string; photoIds: number[]; attachments: LetterAudio[]; sealed: null }
        | { body: null; photoIds: number[]; attachments: LetterAudio[]; sealed: SealedLetter };
      if (input.sealed) {
        if (!heir.publicKey) throw badRequest(LEGACY_MESSAGES.noKeyCode);
        if (input.sealed.recipientPublicKey !== heir.publicKey) {
          throw badRequest(userText('This letter was sealed for an older key code of this heir. Seal it again.'));
        }
        content = { body: null, photoIds: [], attachments: [], sealed: input.sealed };
      } else {
        const photoIds = [...new Set(input.photoIds ?? [])];
        if ((await repo.countOwnPhotos(userId, photoIds)) !== photoIds.length) throw notFound(userText('Photo not found'));
        content = { body: input.body, photoIds, attachments: await acceptLetterAudio(input.attachments ?? []), sealed: null };
      }
      // delivered after death unless the owner replaces this release with another condition
      const letter = await repo.insertLetter(
        { userId, heirId: heir.id, title: input.title, ...content },
        { userId, heirId: heir.id, contactId: heir.contactId, linkKind: 'heir', releaseCondition: 'after_death', includePlaces: true },
      );
      return letterOut(letter);
    },

    listLetters: async (userId: number) => (await repo.listLetters(userId)).map(letterOut),

    async removeLetter(userId: number, id: number) {
      if (!(await repo.deleteLetter(userId, id))) throw notFound();
    },

    async preview(userId: number, heirId: number): Promise<LegacyPreview> {
      const heir = await heirOf(userId, heirId);
      const rows = await repo.listReleases(userId, heirId);
      const at = now();
      return {
        heir: heirOut(heir),
        releasedToday: rows.filter((r) => isReleasedNow(r, at)).map(releaseOut),
        later: rows.filter((r) => !isReleasedNow(r, at)).map(releaseOut),
      };
    },

    // ---- the heir's side ----

    /**
     * A key code → the heir's cookie once something is released to it. Every code is hashed (a malformed
     * one as a dummy), and every answer but a release or a replaced code (410) is the same neutral one, so
     * neither the answer nor its time says whether a current code exists. Tries are throttled per code like
     * sign-ins per account.
     */
    async open(keyCode: string, address: string): Promise<{ result: OpenResult; cookie?: string }> {
      const normalized = readKeyCode(keyCode);
      const hash = await hashKeyCode(normalized ?? DUMMY_CODE);
      // malformed codes are counted by what was typed, so one person's typos do not slow another's
      const attempt = await throttle.begin(normalized ? `key-code:${hash}` : `key-code-typed:${normalizeKeyCode(keyCode)}`, address);
      const neutral = { result: { released: false, message: LEGACY_MESSAGES.nothingReleased } as OpenResult };
      let outcome: { result: OpenResult; cookie?: string } | 'replaced';
      try {
        // the same queries for every code, known or not (an unknown well-formed code also looks for a restored heir by its public key)
        const known = await repo.findHeirByKeyCodeHash(hash);
        const adopted = !known && normalized ? await repo.adoptKeyCodeByPublicKey(await heirPublicKey(normalized), hash) : undefined;
        const heir = known ?? (adopted ? await repo.findHeirById(adopted) : undefined);
        const released = await repo.hasReleased(heir?.id ?? 0, heir?.userId ?? 0, now());
        const replaced = await repo.wasReplaced(hash);
        if (normalized && !heir && replaced) outcome = 'replaced';
        else if (!normalized || !heir || !released) outcome = neutral;
        else {
          await attempt.succeeded();
          outcome = {
            result: { released: true, ownerName: heir.ownerName, heirName: nameOf(heir) },
            cookie: `${heir.id}.${tokens.heirProof(heir.id, hash)}`,
          };
        }
      } catch (err) {
        await attempt.abandon();
        throw err;
      }
      // an old Legacy Kit must not leave its heir waiting forever for a code that opens nothing (a failed try all the same)
      if (outcome === 'replaced') throw new AppError(410, LEGACY_MESSAGES.keyCodeReplaced, 'KEY_CODE_REPLACED');
      return outcome;
    },

    heirOfCookie,

    async received(cookie: string | undefined): Promise<Received> {
      const heir = await heirOfCookie(cookie);
      const rows = await repo.releasedTo(heir.id, heir.userId, now());
      const letterReleases = new Map<number, Date>();
      for (const r of rows) {
        if (r.letterId !== null && r.releasedAt && !letterReleases.has(r.letterId)) letterReleases.set(r.letterId, r.releasedAt);
      }
      const letters = await repo.lettersOf(heir.id, heir.userId, [...letterReleases.keys()]);
      const titles = new Map((await repo.photoTitles(heir.userId, [...new Set(letters.flatMap((l) => l.photoIds))])).map((p) => [p.id, p]));
      return {
        ownerName: heir.ownerName,
        heirName: nameOf(heir),
        letters: letters.map((l) => ({
          id: l.id,
          title: l.title,
          body: l.body,
          photos: l.photoIds
            .filter((id) => titles.has(id))
            .map((id) => ({ url: `${RECEIVED_BASE}/letters/${l.id}/photos/${id}/display`, title: titles.get(id)!.title })),
          attachments: l.attachments as LetterAudio[],
          sealed: (l.sealed as SealedLetter | null) ?? null,
          releasedAt: letterReleases.get(l.id)!.toISOString(),
        })),
        releases: rows
          .filter((r) => r.letterId === null)
          .map((r) => ({
            grantId: r.id,
            kind: kindOf(r),
            title: r.title,
            releasedAt: r.releasedAt!.toISOString(),
            url: `${RECEIVED_BASE}/${r.id}`,
          })),
        downloadAllUrl: `${RECEIVED_BASE}/download`,
      };
    },

    /** The names of the people in the photos released to this heir (only where a release includes names). */
    async namesShownTo(heir: HeirRow): Promise<string[]> {
      const names = new Set<string>();
      for (const r of await repo.releasedTo(heir.id, heir.userId, now())) {
        if (r.letterId !== null || !r.includeNames) continue;
        const view = await shared.view({ grant: await shared.forHeir(heir.id, r.id), base: `${RECEIVED_BASE}/${r.id}` }, false);
        for (const photo of view.photos) for (const person of photo.people) names.add(person.name);
      }
      return [...names];
    },

    /** A released grant of the cookie's heir, for the shared view's answers. */
    async releaseAccess(cookie: string | undefined, grantId: number): Promise<ShareAccess> {
      const heir = await heirOfCookie(cookie);
      return { grant: await shared.forHeir(heir.id, grantId), base: `${RECEIVED_BASE}/${grantId}` };
    },

    /** A photo of a released plain letter, as a one-photo grant of the letter's owner. */
    async letterPhotoAccess(cookie: string | undefined, letterId: number, photoId: number): Promise<ShareAccess> {
      const heir = await heirOfCookie(cookie);
      const rows = await repo.releasedTo(heir.id, heir.userId, now());
      if (!rows.some((r) => r.letterId === letterId)) throw notFound();
      const [letter] = await repo.lettersOf(heir.id, heir.userId, [letterId]);
      if (!letter?.photoIds.includes(photoId)) throw notFound();
      return { grant: shared.photoOfOwner(heir.userId, heir.ownerName, photoId), base: `${RECEIVED_BASE}/letters/${letterId}` };
    },

    /**
     * "Download everything": what was released to the cookie's heir, made by the one archive builder
     * (decisions 028 and 054) — each release a collection, places only where its grant kept them — with the letters
     * beside it in letters/ (not part of heirloom.json). Each opens from the folder with no server (decision
     * 046): sealed ones stay sealed, with the key-code opener beside them.
     */
    async zip(cookie: string | undefined): Promise<ArchiveToSend> {
      const heir = await heirOfCookie(cookie);
      const rows = await repo.releasedTo(heir.id, heir.userId, now());
      const letters = new Map<number, Date>();
      for (const r of rows) if (r.letterId !== null && r.releasedAt && !letters.has(r.letterId)) letters.set(r.letterId, r.releasedAt);
      const grants = [];
      for (const r of rows.filter((row) => row.letterId === null))
        grants.push({ grant: await shared.forHeir(heir.id, r.id), title: r.title });
      const dataset = await heirDataset({ heir, letters: [...letters].map(([id, releasedAt]) => ({ id, releasedAt })), grants });
      return archiveToSend(`${safeNamePart(`From ${heir.ownerName}`, 'heirloom')}.zip`, dataset);
    },

    /**
     * What the heir will receive whatever its release state (every grant but "never", letters included, sealed ones
     * still sealed), as "Download everything" makes it: the content of the heir's sealed escrow copy (decision 074).
     * The heir's public key comes with it; undefined for another owner's heir.
     */
    async escrowDataset(userId: number, heirId: number) {
      const heir = await repo.findHeirWithOwnerName(userId, heirId);
      if (!heir) return undefined;
      const rows = await repo.heirGrantsToCome(userId, heirId);
      const letters = new Map<number, Date | null>();
      // a letter not released yet has no day of release in the copy (it says "left for you")
      for (const r of rows) if (r.letterId !== null && !letters.has(r.letterId)) letters.set(r.letterId, r.releasedAt);
      const grants = rows.filter((r) => r.letterId === null).map((grant) => ({ grant, title: grant.title }));
      const dataset = await heirDataset({ heir, letters: [...letters].map(([id, releasedAt]) => ({ id, releasedAt })), grants });
      return { heirPublicKey: heir.publicKey, dataset };
    },
  };
}
export type LegacyService = ReturnType<typeof createLegacyService>;
