// People in the photos (issue 29): status and settings, the people list, the faces of a photo.
import type { PeopleSettings, PeopleStatus } from '@shared/schemas/people';
import { pageLimit, type PageQuery } from '@shared/schemas/paging';
import { notFound } from '../../lib/errors';
import type { FaceQueue } from './face-queue';
import type { PeopleRepo } from './people.repo';

export function createPeopleService({ repo, queue, serverEnabled }: { repo: PeopleRepo; queue: FaceQueue; serverEnabled: boolean }) {
  return {
    async status(userId: number): Promise<PeopleStatus> {
      const enabled = serverEnabled && (await repo.isEnabled(userId));
      return { enabled, ...(await repo.status(userId)) };
    },

    async setEnabled(userId: number, { enabled }: PeopleSettings): Promise<PeopleStatus> {
      await repo.setEnabled(userId, enabled);
      if (enabled) await queue.queue(userId);
      return this.status(userId);
    },

    page: (userId: number, query: PageQuery) => repo.page(userId, query.cursor, pageLimit(query)),

    async facesOfPhoto(userId: number, photoId: number) {
      const found = await repo.facesOfPhoto(userId, photoId);
      if (!found) throw notFound('Photo not found');
      return found;
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
