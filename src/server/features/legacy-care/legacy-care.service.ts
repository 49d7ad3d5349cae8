// Care access (issue 32 §3, decision 077): caregivers the owner names may ask, with their personal link, for
// read-only access to the vault's documents, chosen collections and the contacts while the owner is alive but
// cannot look after things. The owner is mailed at every address and may refuse during the waiting time; when
// it has passed (a durable timer on the queue) care grants are made for the caregiver, read by the shared view
// like any grant, until the owner ends it or the Legacy Plan's release does. Nothing meant for after death is in
// it. Every step goes into the plan's audit chain, under the owner's trigger lock.
import type { CareSettings, CareSettingsInput, CareView } from '@shared/schemas/care';
import { defineMessages } from '../../lib/define-messages';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Tx } from '../../lib/durable-files';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { sentence, sentenceIn, translator } from '../../lib/i18n';
import { queueMail, type MailMessage } from '../../lib/mail';
import { accountLanguage, contactLanguage } from '../../lib/mail-language';
import type { LegacyAuditService } from '../legacy-trigger/legacy-audit.service';
import type { ShareAccess, ShareGrant, SharedViewService } from '../shared-view/shared-view.service';
import { careAskedMail, careEndedMail, careOpenedMail, caregiverNamedMail, type CareEnd } from './care-mails';
import type { CaregiverRow, CareSettingsRow, LegacyCareRepo } from './legacy-care.repo';
import { userText } from '@shared/i18n/text';

export const CARE_OPEN_JOB = 'legacy.care.open';
export const CARE_LINK_INVALID = userText('This link has expired or has already been used.');
const NOT_VALID = userText('This link is not valid.');
const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_WAITING_DAYS = 7;

const messages = defineMessages({
  noEmail: {
    id: 'errors.care.noEmail',
    defaultMessage: '{name} has no e-mail address. Add one to make them a caregiver.',
  },
  released: {
    id: 'errors.care.released',
    defaultMessage: "{owner}'s Legacy Plan has been released; care access has ended.",
  },
  refused: { id: 'errors.care.refused', defaultMessage: 'Refused. {caregiver} will not see anything, and has been told.' },
});

type Outbox = MailMessage[];
type Named = { firstName: string; lastName?: string | null; surname?: string | null };
const nameOf = (p: Named) => [p.firstName, p.lastName ?? p.surname].filter(Boolean).join(' ');
const iso = (d: Date | null) => d?.toISOString() ?? null;
const idle = { state: 'idle', askedAt: null, message: null, opensAt: null, openedAt: null, refuseTokenHash: null } as const;

interface Deps {
  repo: LegacyCareRepo;
  audit: LegacyAuditService;
  jobs: JobQueue;
  linkTokens: LinkTokens;
  shared: SharedViewService;
  publicUrl: string;
  /** The clock of every step: tests move it. */
  now?: () => Date;
}

export function createLegacyCareService({ repo, audit, jobs, linkTokens, shared, publicUrl, now = () => new Date() }: Deps) {
  const careUrl = (c: CaregiverRow) => `${publicUrl}/care/${linkTokens.tokenFor(c.tokenNonce)}`;
  const scopeOf = (s: CareSettingsRow | undefined) => ({
    documents: s?.documents ?? false,
    collectionIds: s?.collectionIds ?? [],
    contacts: s?.contacts ?? false,
  });

  /** A caregiver's words: their contact language, else the owner's (read beside the transaction, which keeps it). */
  const contactWords = async (contactId: number) => translator(await contactLanguage(repo.db, contactId));

  async function ownerName(conn: Tx | LegacyCareRepo['db'], userId: number) {
    const owner = await repo.owner(conn, userId);
    return owner ? nameOf(owner) : 'Someone';
  }

  /** One transaction under the owner's trigger lock; the mails it wrote are queued after it commits. */
  async function locked<T>(userId: number, fn: (tx: Tx, outbox: Outbox) => Promise<T>): Promise<T> {
    const outbox: Outbox = [];
    const result = await repo.transaction(async (tx) => {
      await audit.lockOwner(tx, userId);
      return fn(tx, outbox);
    });
    for (const message of outbox) await queueMail(jobs, message);
    return result;
  }

  const scheduleOpen = (caregiverId: number, at: Date) =>
    jobs.send(CARE_OPEN_JOB, { caregiverId }, { singletonKey: `${caregiverId}:${at.getTime()}`, startAfter: at });

  /** A caregiver's request or access ends: the care grants go, the caregiver is told. */
  async function endOne(
    tx: Tx,
    userId: number,
    found: { caregiver: CaregiverRow } & Named & { email: string | null },
    why: CareEnd,
    by: string,
    outbox: Outbox,
  ) {
    const { caregiver } = found;
    await repo.revokeGrants(tx, userId, caregiver.contactId);
    await repo.updateCaregiver(tx, userId, caregiver.id, idle);
    const event = caregiver.state === 'asked' ? 'care access refused' : 'care access ended';
    await audit.append(tx, userId, now(), event, { contactId: caregiver.contactId, by });
    if (found.email) {
      const to = { firstName: found.firstName, email: found.email };
      outbox.push(careEndedMail(to, await ownerName(tx, userId), why, await contactWords(caregiver.contactId)));
    }
  }

  /** The plan's release (verifiers confirmed a death) turns care into the release: care access ends for good. */
  async function endIfReleased(userId: number) {
    if (!(await audit.released(repo.db, userId))) return false;
    const active = (await repo.caregivers(repo.db, userId)).filter((c) => c.caregiver.state !== 'idle');
    if (active.length > 0)
      await locked(userId, async (tx, outbox) => {
        for (const c of await repo.caregivers(tx, userId))
          if (c.caregiver.state !== 'idle') await endOne(tx, userId, c, 'released', 'release', outbox);
      });
    return true;
  }

  async function openLocked(
    tx: Tx,
    userId: number,
    found: { caregiver: CaregiverRow; firstName: string; email: string | null },
    outbox: Outbox,
  ) {
    const { caregiver } = found;
    const settings = await repo.settings(tx, userId);
    const collectionIds = await repo.ownedCollectionIds(tx, userId, settings?.collectionIds ?? []);
    await repo.revokeGrants(tx, userId, caregiver.contactId);
    await repo.grantCollections(tx, userId, caregiver.contactId, collectionIds);
    await repo.updateCaregiver(tx, userId, caregiver.id, { state: 'open', openedAt: now(), refuseTokenHash: null });
    await audit.append(tx, userId, now(), 'care access opened', {
      contactId: caregiver.contactId,
      documents: settings?.documents ?? false,
      collections: collectionIds,
      contacts: settings?.contacts ?? false,
    });
    if (found.email) {
      const to = { firstName: found.firstName, email: found.email };
      outbox.push(careOpenedMail(to, await ownerName(tx, userId), careUrl(caregiver), await contactWords(caregiver.contactId)));
    }
  }

  async function settingsOf(userId: number): Promise<CareSettings> {
    const [settings, people] = await Promise.all([repo.settings(repo.db, userId), repo.caregivers(repo.db, userId)]);
    return {
      caregivers: people.map((p) => ({
        contactId: p.caregiver.contactId,
        name: nameOf(p),
        email: p.email,
        state: p.caregiver.state as CareView['state'],
        askedAt: iso(p.caregiver.askedAt),
        opensAt: iso(p.caregiver.opensAt),
        openedAt: iso(p.caregiver.openedAt),
      })),
      scope: scopeOf(settings),
      waitingDays: settings?.waitingDays ?? DEFAULT_WAITING_DAYS,
    };
  }

  /** The caregiver of a personal link: a neutral 404 for anything else. */
  async function caregiverOf(token: string) {
    const found = await repo.caregiverBy(repo.db, { tokenHash: linkTokens.hash(token) });
    if (!found) throw notFound(NOT_VALID);
    return found;
  }

  /** The caregiver of a link whose access is open now; 404 otherwise (asked, refused, ended, released). */
  async function openCaregiver(token: string) {
    const found = await caregiverOf(token);
    if (await endIfReleased(found.caregiver.userId)) throw notFound();
    if (found.caregiver.state !== 'open') throw notFound();
    return found;
  }

  const service = {
    async get(userId: number) {
      await endIfReleased(userId);
      return settingsOf(userId);
    },

    /** Saves the caregivers, what they may see and the waiting time; newly named caregivers get their link. */
    async put(userId: number, input: CareSettingsInput): Promise<CareSettings> {
      const ids = [...new Set(input.caregivers)];
      const collectionIds = [...new Set(input.scope.collectionIds)];
      if (await audit.released(repo.db, userId))
        throw conflict(userText('Your Legacy Plan has been released; care access can no longer be changed.'));
      await locked(userId, async (tx, outbox) => {
        const people = await repo.ownedContacts(tx, userId, ids);
        if (people.length !== ids.length) throw notFound(userText('Contact not found'));
        const noEmail = people.find((p) => !p.email);
        if (noEmail) throw badRequest(sentence(messages.noEmail, { name: nameOf(noEmail) }));
        if ((await repo.ownedCollectionIds(tx, userId, collectionIds)).length !== collectionIds.length)
          throw notFound(userText('Collection not found'));
        const before = await repo.settings(tx, userId);
        const values = { documents: input.scope.documents, collectionIds, contacts: input.scope.contacts, waitingDays: input.waitingDays };
        await repo.saveSettings(tx, userId, values);
        await audit.append(tx, userId, now(), 'care access settings saved', { ...values });

        const name = await ownerName(tx, userId);
        const current = await repo.caregivers(tx, userId);
        for (const c of current.filter((c) => !ids.includes(c.caregiver.contactId))) {
          if (c.caregiver.state !== 'idle') await endOne(tx, userId, c, 'removed', 'caregiver removed', outbox);
          await repo.deleteCaregiver(tx, userId, c.caregiver.id);
          await audit.append(tx, userId, now(), 'caregiver removed', { contactId: c.caregiver.contactId });
        }
        // an open access follows the new choice of collections at once
        const sameCollections = before && [...before.collectionIds].sort().join() === [...collectionIds].sort().join();
        for (const c of current.filter((c) => ids.includes(c.caregiver.contactId) && c.caregiver.state === 'open')) {
          if (sameCollections) continue;
          await repo.revokeGrants(tx, userId, c.caregiver.contactId);
          await repo.grantCollections(tx, userId, c.caregiver.contactId, collectionIds);
        }
        const scope = { documents: values.documents, collections: collectionIds.length, contacts: values.contacts };
        for (const person of people) {
          if (current.some((c) => c.caregiver.contactId === person.id)) continue;
          const link = linkTokens.issue();
          await repo.insertCaregiver(tx, { userId, contactId: person.id, tokenNonce: link.nonce, tokenHash: link.hash });
          await audit.append(tx, userId, now(), 'caregiver named', { contactId: person.id });
          outbox.push(
            caregiverNamedMail(
              { firstName: person.firstName, email: person.email! },
              name,
              `${publicUrl}/care/${link.token}`,
              scope,
              values.waitingDays,
              await contactWords(person.id),
            ),
          );
        }
      });
      return settingsOf(userId);
    },

    /** The signed-in owner ends every open care access and refuses every request still waiting. */
    async end(userId: number): Promise<CareSettings> {
      await locked(userId, async (tx, outbox) => {
        for (const c of await repo.caregivers(tx, userId)) {
          if (c.caregiver.state === 'idle') continue;
          await endOne(tx, userId, c, c.caregiver.state === 'asked' ? 'refused' : 'ended', 'owner', outbox);
        }
      });
      return settingsOf(userId);
    },

    /** What the caregiver's page shows; the scope only while access is open. */
    async view(token: string): Promise<CareView> {
      const first = await caregiverOf(token);
      const userId = first.caregiver.userId;
      const ended = await endIfReleased(userId);
      const found = (await repo.caregiverBy(repo.db, { id: first.caregiver.id }))!;
      const { caregiver } = found;
      const settings = await repo.settings(repo.db, userId);
      const open = caregiver.state === 'open';
      const base = `/api/care/${token}`;
      const [documents, collections, people] = open
        ? await Promise.all([
            settings?.documents ? repo.documents(repo.db, userId) : [],
            repo.careCollections(repo.db, userId, caregiver.contactId),
            settings?.contacts ? repo.contacts(repo.db, userId) : [],
          ])
        : [[], [], []];
      return {
        ownerName: await ownerName(repo.db, userId),
        caregiverName: nameOf(found),
        state: caregiver.state as CareView['state'],
        waitingDays: settings?.waitingDays ?? DEFAULT_WAITING_DAYS,
        askedAt: iso(caregiver.askedAt),
        opensAt: iso(caregiver.opensAt),
        openedAt: iso(caregiver.openedAt),
        ended,
        documents: documents.map((d) => ({ ...d, url: `${base}/documents/${d.id}` })),
        collections: collections.map((c) => ({ ...c, url: `${base}/collections/${c.grantId}` })),
        contacts: people.map((p) => ({
          name: nameOf(p),
          relationship: p.relationship,
          familyRelation: p.familyRelation,
          email: p.email,
          phoneNumber: p.phoneNumber,
          address: p.address,
        })),
      };
    },

    /** The caregiver asks: the owner is mailed at every address with a link that refuses; the timer is queued. */
    async ask(token: string, message?: string): Promise<CareView> {
      const { caregiver } = await caregiverOf(token);
      const userId = caregiver.userId;
      if (await endIfReleased(userId)) throw conflict(sentence(messages.released, { owner: await ownerName(repo.db, userId) }));
      const opensAt = await locked(userId, async (tx, outbox) => {
        const found = (await repo.caregiverBy(tx, { id: caregiver.id }))!;
        if (found.caregiver.state !== 'idle') return null; // asked twice, or already open: nothing changes
        const at = now();
        const waitingDays = (await repo.settings(tx, userId))?.waitingDays ?? DEFAULT_WAITING_DAYS;
        const opens = new Date(at.getTime() + waitingDays * DAY_MS);
        const refuse = linkTokens.issue();
        const words = message?.trim() || null;
        await repo.updateCaregiver(tx, userId, caregiver.id, {
          state: 'asked',
          askedAt: at,
          message: words,
          opensAt: opens,
          refuseTokenHash: refuse.hash,
        });
        await audit.append(tx, userId, at, 'care access asked', { contactId: caregiver.contactId, opensAt: opens.toISOString() });
        const owner = await repo.owner(tx, userId);
        if (owner) {
          const addresses = [owner.email];
          if (owner.pendingEmail && owner.pendingEmail.toLowerCase() !== owner.email.toLowerCase()) addresses.push(owner.pendingEmail);
          const ownerWords = translator(await accountLanguage(repo.db, userId));
          const refuseUrl = `${publicUrl}/care/refuse?token=${refuse.token}`;
          for (const address of addresses)
            outbox.push(careAskedMail(address, owner.firstName, nameOf(found), words, opens, refuseUrl, ownerWords));
        }
        if (waitingDays === 0) {
          await openLocked(tx, userId, { ...found, caregiver: { ...found.caregiver, state: 'asked' } }, outbox);
          return null;
        }
        return opens;
      });
      if (opensAt) await scheduleOpen(caregiver.id, opensAt);
      return service.view(token);
    },

    /** The owner's one click from the request's mail, during the waiting time; answered in `language`, the page's. */
    async refuse(token: string, language: string) {
      const found = await repo.caregiverBy(repo.db, { refuseTokenHash: linkTokens.hash(token) });
      if (!found || found.caregiver.state !== 'asked') throw badRequest(CARE_LINK_INVALID, 'LINK_INVALID');
      const userId = found.caregiver.userId;
      await locked(userId, async (tx, outbox) => {
        const current = await repo.caregiverBy(tx, { id: found.caregiver.id });
        if (!current || current.caregiver.state !== 'asked' || current.caregiver.refuseTokenHash !== found.caregiver.refuseTokenHash)
          throw badRequest(CARE_LINK_INVALID, 'LINK_INVALID');
        await endOne(tx, userId, current, 'refused', 'refuse link', outbox);
      });
      return { message: sentenceIn(language, sentence(messages.refused, { caregiver: nameOf(found) })) };
    },

    /** The timer: a request whose waiting time has passed opens (a refused or early one changes nothing). */
    async openDue(caregiverId: number) {
      const found = await repo.caregiverBy(repo.db, { id: caregiverId });
      if (!found || found.caregiver.state !== 'asked') return;
      const userId = found.caregiver.userId;
      if (await endIfReleased(userId)) return;
      await locked(userId, async (tx, outbox) => {
        const current = await repo.caregiverBy(tx, { id: caregiverId });
        if (!current || current.caregiver.state !== 'asked' || !current.caregiver.opensAt || current.caregiver.opensAt > now()) return;
        await openLocked(tx, userId, current, outbox);
      });
    },

    /** A collection of an open care access, for the shared view's read-only answers. */
    async collectionAccess(token: string, grantId: number): Promise<ShareAccess> {
      const { caregiver } = await openCaregiver(token);
      const grant = await repo.careGrant(repo.db, caregiver.userId, caregiver.contactId, grantId);
      if (!grant) throw notFound();
      return { grant, base: `/api/care/${token}/collections/${grantId}` };
    },

    /** One document of the vault, read as a grant of that document alone (as a letter's photos are), while documents are shown. */
    async documentFile(token: string, documentId: number) {
      const { caregiver } = await openCaregiver(token);
      if (!(await repo.settings(repo.db, caregiver.userId))?.documents) throw notFound();
      const grant: ShareGrant = {
        ...shared.photoOfOwner(caregiver.userId, await ownerName(repo.db, caregiver.userId), 0),
        photoId: null,
        vaultFileId: documentId,
      };
      return shared.documentFile({ grant, base: `/api/care/${token}/documents` }, documentId);
    },

    /** At start: every request still waiting has its timer queued again (keyed by its moment, so none twice). */
    async scheduleAll() {
      for (const { id, opensAt } of await repo.waiting()) if (opensAt) await scheduleOpen(id, opensAt);
    },
  };
  return service;
}

export type LegacyCareService = ReturnType<typeof createLegacyCareService>;

export function defineCareOpenJob(jobs: JobQueue, service: LegacyCareService) {
  jobs.define<{ caregiverId: number }>({
    name: CARE_OPEN_JOB,
    oneQueuedPerKey: true,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    handler: ({ caregiverId }) => service.openDue(caregiverId),
  });
}
