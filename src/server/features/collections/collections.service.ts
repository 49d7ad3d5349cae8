// The owner's side of sharing (decision 025): collections of their photos, memories and documents, and the
// links (grants) that open them. Ownership is the repo's WHERE; anything not the caller's is 404.
import {
  SHARING_MESSAGES,
  type Collection,
  type CollectionDetail,
  type CollectionInput,
  type CollectionItemsInput,
  type CollectionPatch,
  type CreatedLink,
  type ShareLink,
  type SharedItems,
} from '@shared/schemas/sharing';
import type { linkInputSchema } from '@shared/schemas/sharing';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { LinkTokens } from '../../lib/link-tokens';
import { translator } from '../../lib/i18n';
import { queueMail } from '../../lib/mail';
import { contactLanguage, utcMoment } from '../../lib/mail-language';
import { hashPassword } from '../../lib/password';
import { listMemoriesByIds } from '../memories/memories.service';
import { listPhotosByIds, photoThumbnailUrl } from '../photos/photos.service';
import { listVaultFilesByIds } from '../vault/vault.service';
import type { CollectionChanges, CollectionsRepo, CollectionSummary, ItemIds, ItemsRefused, Missing } from './collections.repo';

/** The parsed body of POST /:id/links (defaults applied). */
type LinkRequest = z.output<typeof linkInputSchema>;

export interface Owner {
  id: number;
  firstName: string;
  surname: string;
}

const NOT_FOUND: Record<Missing, string> = {
  collection: 'Collection not found',
  photo: 'Photo not found',
  memory: 'Memory not found',
  document: 'Document not found',
};

const COVER_NOT_IN_COLLECTION = 'The cover must be a photo in this collection.';

function refused(why: ItemsRefused) {
  return why === 'person' ? conflict(SHARING_MESSAGES.personCollectionItems, 'PERSON_COLLECTION') : notFound(NOT_FOUND[why]);
}

/** '' and null both mean "no description". */
const orNull = (value: string | null | undefined) => (value ? value : null);

function toCollection(summary: CollectionSummary): Collection {
  const { coverSourceId, ...rest } = summary;
  return { ...rest, coverUrl: coverSourceId === null ? null : photoThumbnailUrl(coverSourceId) };
}

/** Keeps `ids`' order (the order items were added) for rows fetched in any order. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

function toItemIds(input: CollectionItemsInput): ItemIds {
  return { photoIds: input.photoIds ?? [], memoryIds: input.memoryIds ?? [], documentIds: input.documentIds ?? [] };
}

export function createCollectionsService({
  db,
  repo,
  linkTokens,
  jobs,
  publicUrl,
}: {
  db: Db;
  repo: CollectionsRepo;
  linkTokens: LinkTokens;
  jobs: JobQueue;
  publicUrl: string;
}) {
  const linkUrl = (token: string) => `${publicUrl}/s/${token}`;

  async function get(userId: number, id: number): Promise<Collection> {
    const summary = await repo.findOwned(userId, id);
    if (!summary) throw notFound(NOT_FOUND.collection);
    return toCollection(summary);
  }

  async function requireCollection(userId: number, id: number) {
    const summary = await repo.findOwned(userId, id);
    if (!summary) throw notFound(NOT_FOUND.collection);
    return summary;
  }

  /** The personal link's mail: what was shared, the link, and that no account is needed to open it. */
  async function mailPersonalLink(
    owner: Owner,
    contactId: number,
    to: string,
    collection: CollectionSummary,
    url: string,
    expiresAt: Date | null,
  ) {
    const ownerName = `${owner.firstName} ${owner.surname}`.trim();
    const intl = translator(await contactLanguage(db, contactId));
    const title = collection.title;
    await queueMail(jobs, {
      to,
      language: intl.locale,
      subject: intl.formatMessage(
        { id: 'mail.personalLink.subject', defaultMessage: "{ownerName} shared ''{title}'' with you" },
        { ownerName, title },
      ),
      text: [
        intl.formatMessage(
          {
            id: 'mail.personalLink.shared',
            defaultMessage: "{ownerName} shared the collection ''{title}'' with you on heirloom. Open it here:",
          },
          { ownerName, title },
        ),
        '',
        url,
        ...(collection.description ? ['', collection.description] : []),
        '',
        ...(expiresAt
          ? [
              intl.formatMessage(
                { id: 'mail.personalLink.until', defaultMessage: 'The link works until {moment}.' },
                { moment: utcMoment(intl, expiresAt) },
              ),
            ]
          : []),
        intl.formatMessage({ id: 'mail.personalLink.noAccount', defaultMessage: 'You do not need an account to open it.' }),
        intl.formatMessage(
          {
            id: 'mail.personalLink.sharedWithMe',
            defaultMessage:
              'If you create an heirloom account with this address ({address}) and confirm it, you will also find it under "Shared with me".',
          },
          { address: to },
        ),
      ].join('\n'),
    });
  }

  return {
    async list(userId: number): Promise<Collection[]> {
      return (await repo.listByOwner(userId)).map(toCollection);
    },

    get,

    async detail(userId: number, id: number): Promise<CollectionDetail> {
      const collection = await get(userId, id);
      const ids = await repo.itemIds(userId, id, collection.person?.id ?? null);
      const [photos, memories, documents] = await Promise.all([
        listPhotosByIds(db, userId, ids.photoIds),
        listMemoriesByIds(db, userId, ids.memoryIds),
        listVaultFilesByIds(db, userId, ids.documentIds),
      ]);
      return {
        ...collection,
        photos: inOrder(ids.photoIds, photos),
        memories: inOrder(ids.memoryIds, memories),
        documents: inOrder(ids.documentIds, documents),
      };
    },

    async create(userId: number, input: CollectionInput, { importId }: { importId?: number } = {}): Promise<Collection> {
      const personId = input.personId ?? null;
      if (personId !== null) {
        const person = await repo.findPerson(userId, personId);
        if (!person) throw notFound(SHARING_MESSAGES.personNotFound);
        // a hidden person is a stranger in the background: hiding them later leaves their collection as it is
        if (person.hidden) throw badRequest(SHARING_MESSAGES.personHidden, 'PERSON_HIDDEN');
      }
      // a person deleted in between fails the foreign key: the same 404
      const id = await repo
        .insert(userId, { title: input.title, description: orNull(input.description), importId: importId ?? null, personId })
        .catch((err: unknown) => {
          const e = err as { code?: string; cause?: { code?: string } };
          if (personId !== null && (e.code ?? e.cause?.code) === '23503') throw notFound(SHARING_MESSAGES.personNotFound);
          throw err;
        });
      return get(userId, id);
    },

    async update(userId: number, id: number, patch: CollectionPatch): Promise<Collection> {
      const changes: CollectionChanges = {};
      if (patch.title !== undefined) changes.title = patch.title;
      if (patch.description !== undefined) changes.description = orNull(patch.description);
      if (patch.coverPhotoId !== undefined) changes.coverPhotoId = patch.coverPhotoId;
      const result = await repo.update(userId, id, changes);
      if (result === 'collection') throw notFound(NOT_FOUND.collection);
      if (result === 'cover') throw badRequest(COVER_NOT_IN_COLLECTION);
      return get(userId, id);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.remove(userId, id))) throw notFound(NOT_FOUND.collection);
    },

    async addItems(userId: number, id: number, input: CollectionItemsInput): Promise<Collection> {
      const missing = await repo.addItems(userId, id, toItemIds(input));
      if (missing) throw refused(missing);
      return get(userId, id);
    },

    async removeItems(userId: number, id: number, input: CollectionItemsInput): Promise<Collection> {
      const missing = await repo.removeItems(userId, id, toItemIds(input));
      if (missing) throw refused(missing);
      return get(userId, id);
    },

    async createLink(owner: Owner, id: number, input: LinkRequest): Promise<CreatedLink> {
      const collection = await requireCollection(owner.id, id);
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      let contact: { email: string } | undefined;
      if (input.kind === 'personal') {
        const found = await repo.findContact(owner.id, input.contactId!);
        if (!found) throw notFound('Contact not found');
        if (!found.email) throw badRequest(SHARING_MESSAGES.noEmail, 'NO_EMAIL');
        contact = { email: found.email };
      }
      const { nonce, token, hash } = linkTokens.issue();
      const created = await repo.insertGrant(owner.id, {
        collectionId: id,
        linkKind: input.kind,
        contactId: input.kind === 'personal' ? input.contactId! : null,
        tokenNonce: nonce,
        tokenHash: hash,
        passwordHash: input.kind === 'public' && input.password ? await hashPassword(input.password) : null,
        includePlaces: input.includePlaces,
        includeNames: input.includeNames,
        expiresAt,
      });
      if (created === 'collection') throw notFound(NOT_FOUND.collection);
      if (created === 'exists') throw conflict(SHARING_MESSAGES.alreadyShared, 'ALREADY_SHARED');
      const url = linkUrl(token);
      if (contact) {
        try {
          await mailPersonalLink(owner, input.contactId!, contact.email, collection, url, expiresAt);
        } catch (err) {
          // a link whose mail was never queued would block sending it again (one per contact): take it back
          await repo.removeGrant(owner.id, id, created);
          throw err;
        }
      }
      return { id: created, url };
    },

    async listLinks(userId: number, id: number): Promise<ShareLink[]> {
      await requireCollection(userId, id);
      const rows = await repo.listGrants(userId, id);
      return rows.map(({ tokenNonce, ...link }) => ({ ...link, url: tokenNonce ? linkUrl(linkTokens.tokenFor(tokenNonce)) : '' }));
    },

    async removeLink(userId: number, id: number, linkId: number) {
      if (!(await repo.removeGrant(userId, id, linkId))) throw notFound('Link not found');
    },

    sharedItems: (userId: number): Promise<SharedItems> => repo.sharedItemIds(userId),
  };
}
export type CollectionsService = ReturnType<typeof createCollectionsService>;
