// kill -9 of the server during a stream of memory and contact writes, again and again: after each restart every
// acknowledged memory and contact is listed. Kills during uploads: kill-during-writes.test.ts.
import { describe, expect, it } from 'vitest';
import { killableHeirloom } from './helpers';

describe('kill -9 during memory and contact writes', () => {
  const heirloom = killableHeirloom('heirloom-kill-records');

  it('keeps every acknowledged memory and contact across kills during a stream of writes', async () => {
    const memories = new Set<number>();
    const contacts = new Set<number>();
    for (let round = 0; round < 5; round++) {
      let stop = false;
      const writer = async (i: number) => {
        for (let n = 0; !stop; n++) {
          try {
            const isMemory = (n + i) % 2 === 0;
            const res = await fetch(`${heirloom.server.url}/api/${isMemory ? 'memories' : 'contacts'}`, {
              method: 'POST',
              headers: { cookie: heirloom.cookie, 'content-type': 'application/json' },
              body: JSON.stringify(
                isMemory
                  ? {
                      title: `Memory ${round}-${i}-${n}`,
                      content: 'We walked to the lake.',
                      eventDate: '1999-07-04',
                      isPublic: false,
                      tags: ['lake'],
                    }
                  : { firstName: `Ann${n}`, lastName: `Lee${round}`, relationship: 'friend' },
              ),
            });
            if (res.status === 201 || res.status === 200) (isMemory ? memories : contacts).add(((await res.json()) as { id: number }).id);
          } catch {
            return;
          }
        }
      };
      const writers = Array.from({ length: 6 }, (_, i) => writer(i));
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
      heirloom.server.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await heirloom.server.exited;
      await heirloom.start();
      const mem = (await (await fetch(`${heirloom.server.url}/api/memories`, { headers: { cookie: heirloom.cookie } })).json()) as Array<{
        id: number;
      }>;
      const friends = (await (
        await fetch(`${heirloom.server.url}/api/contacts?relationship=friend`, { headers: { cookie: heirloom.cookie } })
      ).json()) as Array<{ id: number }>;
      const memIds = new Set(mem.map((m) => m.id));
      const contactIds = new Set(friends.map((c) => c.id));
      for (const id of memories) expect(memIds.has(id), `memory ${id}`).toBe(true);
      for (const id of contacts) expect(contactIds.has(id), `contact ${id}`).toBe(true);
    }
    expect(memories.size + contacts.size).toBeGreaterThan(0);
  });
});
