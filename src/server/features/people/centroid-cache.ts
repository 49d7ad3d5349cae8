// The people a new face is compared with, kept in memory between the batches of photos a backfill looks at
// (issue 29, decision 057): reading 6,780 people's 1,024 numbers for every batch cost seconds at 150,000 faces.
// Each person is kept with the row version it was read at (PostgreSQL's xmin, the transaction that last wrote
// the row). A batch starts by comparing how many people there are and the sum of their versions with the copy's
// (one row); when they differ it reads every person's version and reads again only the people someone changed since (the owner's merge or move, a regroup, another server); after saving a photo the
// versions this job wrote are noted. A transaction that failed forgets the account's copy.
import type { Centroid } from './grouping';
import type { PeopleRepo, Tx } from './people.repo';

interface Kept {
  centroid: Centroid;
  version: string;
}

export function createCentroidCache(repo: PeopleRepo) {
  const accounts = new Map<number, Map<number, Kept>>();

  return {
    /** At a batch's start: the account's people as they are now, read again only where they changed. */
    async read(tx: Tx, userId: number): Promise<Centroid[]> {
      const known = accounts.get(userId);
      // one row from the database when nothing changed: how many people and the sum of their versions
      if (known && known.size > 0) {
        const digest = await repo.centroidDigest(tx, userId);
        let sum = 0n;
        for (const k of known.values()) sum += BigInt(k.version);
        if (digest.count === known.size && digest.sum === sum) return [...known.values()].map((k) => k.centroid);
      }
      const versions = await repo.centroidVersions(tx, userId);
      const kept = known ?? new Map<number, Kept>();
      accounts.set(userId, kept);
      for (const id of kept.keys()) if (!versions.has(id)) kept.delete(id);
      const changed = [...versions].filter(([id, version]) => kept.get(id)?.version !== version).map(([id]) => id);
      if (changed.length > 0) {
        for (const fresh of await repo.centroids(tx, userId, changed)) kept.set(fresh.centroid.personId, fresh);
      }
      return [...kept.values()].map((k) => k.centroid);
    },

    /**
     * Last in the transaction that saved a photo's faces: the people it changed or made (`people`, the batch's
     * list, changed in place) are noted at the versions it wrote.
     */
    async wrote(tx: Tx, userId: number, people: readonly Centroid[], touched: readonly number[]) {
      const kept = accounts.get(userId);
      if (!kept || touched.length === 0) return;
      const versions = await repo.centroidVersions(tx, userId, [...touched]);
      for (const centroid of people)
        if (touched.includes(centroid.personId)) {
          const version = versions.get(centroid.personId);
          if (version) kept.set(centroid.personId, { centroid, version });
        }
    },

    /** A transaction failed: what was changed in memory was not written. */
    forget(userId: number) {
      accounts.delete(userId);
    },
  };
}

export type CentroidCache = ReturnType<typeof createCentroidCache>;
