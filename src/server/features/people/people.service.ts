// People in the photos (issue 29): status and settings, the people and their photos, naming, merging, and the
// faces the owner is asked about.
import type { PhotoPageQuery } from '@shared/schemas/photos';
import type { FaceCreate, FacePatch, PeopleSettings, PeopleStatus, PersonPageQuery, PersonPatch } from '@shared/schemas/people';
import { pageLimit } from '@shared/schemas/paging';
import { badRequest, notFound } from '../../lib/errors';
import type { MemoriesService } from '../memories/memories.service';
import type { PhotosService } from '../photos/photos.service';
import type { FaceQueue } from './face-queue';
import type { PeopleRepo } from './people.repo';
import { userText } from '@shared/i18n/text';

const SUGGESTIONS_AT_ONCE = 50;
/** A person's page shows this many of the people seen with them and of the memories that name them. */
const TOGETHER_AT_ONCE = 12;
const MEMORIES_AT_ONCE = 20;

interface Options {
  repo: PeopleRepo;
  queue: FaceQueue;
  photos: Pick<PhotosService, 'page'>;
  memories: Pick<MemoriesService, 'naming'>;
  serverEnabled: boolean;
}

export function createPeopleService({ repo, queue, photos, memories, serverEnabled }: Options) {
  async function owned(userId: number, id: number) {
    const person = await repo.findOwned(userId, id);
    if (!person) throw notFound(userText('Person not found'));
    return person;
  }
  /** The same 404 without reading the person and their cover. */
  async function mustOwn(userId: number, id: number) {
    if (!(await repo.owns(userId, id))) throw notFound(userText('Person not found'));
  }

  /** Whom a face is said to be: one of the owner's people, a typed name (their person of that name, made when none), or nobody. */
  async function personFor(userId: number, who: { personId?: number | null; name?: string }): Promise<number | null> {
    if (who.name !== undefined) return repo.personIdNamed(userId, who.name);
    if (who.personId === undefined || who.personId === null) return null;
    await mustOwn(userId, who.personId);
    return who.personId;
  }

  return {
    async status(userId: number): Promise<PeopleStatus> {
      const enabled = serverEnabled && (await repo.isEnabled(userId));
      return { available: serverEnabled, enabled, ...(await repo.status(userId)) };
    },

    async setEnabled(userId: number, { enabled }: PeopleSettings): Promise<PeopleStatus> {
      await repo.setEnabled(userId, enabled);
      if (enabled) await queue.queue(userId);
      return this.status(userId);
    },

    /** A page of the owner's people; a name search (`q`) finds only named ones, as does `named: 'true'`. */
    page: (userId: number, query: PersonPageQuery) =>
      repo.page(userId, query.cursor, pageLimit(query), {
        nameHolds: query.q,
        named: query.q !== undefined || query.named === 'true' ? true : query.named === 'false' ? false : undefined,
      }),

    get: owned,

    /** A contact named here must be the owner's; linking one without a typed name takes the contact's name. */
    async update(userId: number, id: number, patch: PersonPatch) {
      await mustOwn(userId, id);
      const changes: { name?: string | null; contactId?: number | null; hidden?: boolean; onThisDay?: boolean } = {};
      if (patch.contactId !== undefined && patch.contactId !== null) {
        const contactName = await repo.contactName(userId, patch.contactId);
        if (contactName === undefined) throw notFound(userText('Contact not found'));
        if (patch.name === undefined) changes.name = contactName;
      }
      if (patch.contactId !== undefined) changes.contactId = patch.contactId;
      if (patch.name !== undefined) changes.name = patch.name ? patch.name : null;
      if (patch.hidden !== undefined) changes.hidden = patch.hidden;
      if (patch.onThisDay !== undefined) changes.onThisDay = patch.onThisDay;
      await repo.update(userId, id, changes);
      return owned(userId, id);
    },

    async merge(userId: number, id: number, intoId: number) {
      if (id === intoId) throw badRequest(userText('A person cannot be merged into themselves'));
      await mustOwn(userId, id);
      await mustOwn(userId, intoId);
      await repo.merge(userId, id, intoId);
      return owned(userId, intoId);
    },

    async photos(userId: number, id: number, query: Omit<PhotoPageQuery, 'person'>) {
      await mustOwn(userId, id);
      if (query.with !== undefined) await mustOwn(userId, query.with);
      return photos.page(userId, { ...query, person: id });
    },

    /** "Photos together with …": who else is in this person's photos, the most often first. */
    async together(userId: number, id: number) {
      await mustOwn(userId, id);
      return repo.together(userId, id, TOGETHER_AT_ONCE);
    },

    /** The memories whose text names this person (by the name the owner gave them); none while unnamed. */
    async memories(userId: number, id: number) {
      const person = await owned(userId, id);
      return person.name ? memories.naming(userId, person.name, MEMORIES_AT_ONCE) : [];
    },

    suggestions: (userId: number) => repo.suggestions(userId, SUGGESTIONS_AT_ONCE),

    async setFacePerson(userId: number, faceId: number, who: FacePatch) {
      if (!(await repo.findFace(userId, faceId))) throw notFound(userText('Face not found'));
      await repo.setFacePerson(userId, faceId, await personFor(userId, who));
    },

    /** A face the owner drew around someone the detector missed; whose it is, if said, must be their person. */
    async addFace(userId: number, photoId: number, { box, ...who }: FaceCreate) {
      if (!(await repo.ownsPhoto(userId, photoId))) throw notFound(userText('Photo not found'));
      const face = await repo.addManualFace(userId, photoId, box, await personFor(userId, who));
      if (!face) throw notFound(userText('Photo not found'));
      return face;
    },

    async removeFace(userId: number, faceId: number) {
      if (!(await repo.removeFace(userId, faceId))) throw notFound(userText('Face not found'));
    },

    /** The names of the people in each photo, left to right, for captions (the life-story book). */
    namesInPhotos: (userId: number, photoIds: number[]) => repo.namesInPhotos(userId, photoIds),

    async facesOfPhoto(userId: number, photoId: number) {
      const found = await repo.facesOfPhoto(userId, photoId);
      if (!found) throw notFound(userText('Photo not found'));
      return found;
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
