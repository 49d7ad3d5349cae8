// What the legacy-keep feature reads of the Legacy Plan (decision 078): one release of an heir to copy into their
// own account, and the heirs to tell before an owner's account is deleted after the release.
import { notFound } from '../../lib/errors';
import type { SharedViewService } from '../shared-view/shared-view.service';
import type { LegacyRepo } from './legacy.repo';
import { RECEIVED_BASE, type LegacyService } from './legacy.service';

interface Deps {
  legacy: LegacyService;
  repo: LegacyRepo;
  shared: SharedViewService;
  now?: () => Date;
}

export function createKeptReleaseService({ legacy, repo, shared, now = () => new Date() }: Deps) {
  /** A released grant of this heir, never a letter: 404 for any other id. */
  async function releaseOf(heir: NonNullable<Awaited<ReturnType<LegacyRepo['findHeirById']>>>, grantId: number) {
    const row = (await repo.releasedTo(heir.id, heir.userId, now())).find((r) => r.id === grantId);
    if (!row || row.letterId !== null) throw notFound();
    return {
      heirId: heir.id,
      ownerName: heir.ownerName,
      releasedAt: row.releasedAt ?? row.createdAt,
      access: { grant: await shared.forHeir(heir.id, grantId), base: `${RECEIVED_BASE}/${grantId}` },
    };
  }

  return {
    /** The cookie's heir's release (401 without a valid cookie). */
    releaseOfHeir: async (cookie: string | undefined, grantId: number) => releaseOf(await legacy.heirOfCookie(cookie), grantId),

    /** The same for a job that goes on without the cookie, by the heir's id it recorded. */
    async releaseOfHeirId(heirId: number, grantId: number) {
      const heir = await repo.findHeirById(heirId);
      if (!heir) throw notFound();
      return releaseOf(heir, grantId);
    },

    /** The owner's name and every heir with something released to them, with where to write to them. */
    async heirsWithReleases(ownerId: number) {
      let ownerName = '';
      const heirs: Array<{ name: string; email: string }> = [];
      for (const h of await repo.listHeirs(ownerId)) {
        if (!h.email || (await repo.releasedTo(h.id, ownerId, now())).length === 0) continue;
        ownerName ||= (await repo.findHeirById(h.id))?.ownerName ?? '';
        heirs.push({ name: `${h.firstName} ${h.lastName}`.trim(), email: h.email });
      }
      return { ownerName, heirs };
    },
  };
}
export type KeptReleaseService = ReturnType<typeof createKeptReleaseService>;
