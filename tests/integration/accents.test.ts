// Accents in search and sorting (decision 080), on the real PostgreSQL: what a German, Spanish, Danish or Polish
// reader types finds the name as it is written, and the lists sort "Ärzte" with the A's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people } from '@server/db/schema';
import type { SearchResult } from '@shared/schemas/search';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = async (who: Session, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as unknown;
};
const contact = (who: Session, firstName: string, lastName: string) =>
  call(who, 'POST', '/api/contacts', { firstName, lastName, relationship: 'family' });
const memory = (who: Session, title: string) =>
  call(who, 'POST', '/api/memories', { title, content: 'A day.', eventDate: '1990-05-01', isPublic: false, tags: [] });
const treePerson = (who: Session, givenNames: string, surname: string) => call(who, 'POST', '/api/tree/persons', { givenNames, surname });
/** A query's plan as the search reads it (decision 030: the planner is told the table is never the cheaper way). */
const withoutSeqScan = async (statement: string, values: unknown[]) => {
  const client = await t.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    const plan = await client.query(statement, values);
    await client.query('ROLLBACK');
    return JSON.stringify(plan.rows[0]);
  } finally {
    client.release();
  }
};

describe('search', () => {
  let owner: Session;
  const found = async (q: string) => {
    const result = (await call(owner, 'GET', `/api/search?q=${encodeURIComponent(q)}`)) as SearchResult;
    return result.groups
      .flatMap((g) => g.items)
      .map((hit) => `${hit.kind}:${hit.title.text}`)
      .sort();
  };

  beforeAll(async () => {
    owner = await signUp(t.app);
    await contact(owner, 'Hans', 'Müller');
    await contact(owner, 'Greta', 'Mueller');
    await contact(owner, 'José', 'García');
    await contact(owner, 'Søren', 'Kierkegaard');
    await memory(owner, 'Die Straße am Fluss');
    await memory(owner, 'Die Strasse am Hafen');
    await memory(owner, 'Ein Sommer in Łódź');
    await t.db.insert(people).values({ userId: owner.user.id, name: 'Jürgen Bäcker' });
    await treePerson(owner, 'Ñico', 'Núñez');
  });

  it('finds "Müller" by "Muller", as before, and not a "Mueller" by it', async () => {
    expect(await found('Muller ')).toEqual(['contact:Hans Müller']);
    expect(await found('muller')).toEqual(['contact:Hans Müller']);
  });

  it('finds "Müller" by "Mueller" and "Mueller" by "Müller": whole words, prefixes as they are typed, phrases', async () => {
    const both = ['contact:Greta Mueller', 'contact:Hans Müller'];
    expect(await found('Mueller ')).toEqual(both);
    expect(await found('Müller ')).toEqual(both);
    expect(await found('MUELLER ')).toEqual(both);
    expect(await found('Muel')).toEqual(both);
    expect(await found('Mül')).toEqual(both);
    expect(await found('"Hans Mueller"')).toEqual(['contact:Hans Müller']);
    expect(await found('"Greta Müller"')).toEqual(['contact:Greta Mueller']);
    expect(await found('"Hans Müller"')).toEqual(['contact:Hans Müller']);
  });

  it('finds "Straße" by "Strasse" and "Strasse" by "Straße"', async () => {
    const both = ['memory:Die Straße am Fluss', 'memory:Die Strasse am Hafen'].sort();
    expect(await found('Strasse ')).toEqual(both);
    expect(await found('Straße ')).toEqual(both);
    expect(await found('strasse fluss')).toEqual(['memory:Die Straße am Fluss']);
  });

  it('finds "José", "Søren", "Łódź" and "Núñez" written without their accents', async () => {
    expect(await found('Jose ')).toEqual(['contact:José García']);
    expect(await found('Garcia')).toEqual(['contact:José García']);
    expect(await found('Soren ')).toEqual(['contact:Søren Kierkegaard']);
    expect(await found('Lodz ')).toEqual(['memory:Ein Sommer in Łódź']);
    expect(await found('LODZ')).toEqual(['memory:Ein Sommer in Łódź']);
  });

  it('finds people of the photos and of the tree the same way', async () => {
    expect(await found('Juergen Baecker')).toEqual(['person:Jürgen Bäcker']);
    expect(await found('Jurgen ')).toEqual(['person:Jürgen Bäcker']);
    const tree = (await call(owner, 'GET', `/api/tree/persons?q=${encodeURIComponent('Nunez')}`)) as { items: { surname: string }[] };
    expect(tree.items.map((p) => p.surname)).toEqual(['Núñez']);
  });

  it('still finds through the GIN index', async () => {
    const plan = await withoutSeqScan(
      `EXPLAIN (FORMAT JSON) SELECT id FROM contacts WHERE owner_id + 0 = $1
         AND search_vector @@ (plainto_tsquery('heirloom_simple', 'Mueller') || plainto_tsquery('heirloom_simple', 'Muell'))`,
      [owner.user.id],
    );
    expect(plan).toContain('contacts_search_idx');
  });
});

describe('the lists’ name filters', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signUp(t.app);
    await contact(owner, 'Hans', 'Müller');
    await contact(owner, 'Greta', 'Mueller');
    await contact(owner, 'Anna', 'Straße');
    await contact(owner, 'José', 'García');
    await contact(owner, 'Søren', 'Łódź');
    await t.db.insert(people).values([
      { userId: owner.user.id, name: 'Jürgen Bäcker' },
      { userId: owner.user.id, name: 'Juergen Baecker' },
    ]);
    await treePerson(owner, 'Ernst', 'Müller');
    await treePerson(owner, 'Søren', 'Groß');
  });

  const contactsHolding = async (q: string) =>
    (
      (await call(owner, 'GET', `/api/contacts/page?q=${encodeURIComponent(q)}`)) as { items: { firstName: string; lastName: string }[] }
    ).items
      .map((c) => `${c.firstName} ${c.lastName}`)
      .sort();
  const peopleHolding = async (q: string) =>
    ((await call(owner, 'GET', `/api/people?q=${encodeURIComponent(q)}`)) as { items: { name: string }[] }).items.map((p) => p.name).sort();
  const treeHolding = async (q: string) =>
    (
      (await call(owner, 'GET', `/api/tree/persons?q=${encodeURIComponent(q)}`)) as { items: { givenNames: string; surname: string }[] }
    ).items
      .map((p) => `${p.givenNames} ${p.surname}`)
      .sort();

  it('keep the contacts whose name holds the text, accents, umlauts spelled out and letter case aside', async () => {
    expect(await contactsHolding('Muller')).toEqual(['Hans Müller']);
    expect(await contactsHolding('mueller')).toEqual(['Greta Mueller', 'Hans Müller']);
    expect(await contactsHolding('MÜLL')).toEqual(['Greta Mueller', 'Hans Müller']);
    expect(await contactsHolding('strasse')).toEqual(['Anna Straße']);
    expect(await contactsHolding('jose garc')).toEqual(['José García']);
    expect(await contactsHolding('Soren Lodz')).toEqual(['Søren Łódź']);
    expect(await contactsHolding('%')).toEqual([]);
  });

  it('keep the people of the photos and the tree persons the same way', async () => {
    expect(await peopleHolding('Jurgen')).toEqual(['Jürgen Bäcker']);
    expect(await peopleHolding('Jürgen')).toEqual(['Juergen Baecker', 'Jürgen Bäcker']);
    expect(await peopleHolding('baecker')).toEqual(['Juergen Baecker', 'Jürgen Bäcker']);
    // a contact is a tree person too
    expect(await treeHolding('Mueller')).toEqual(['Ernst Müller', 'Greta Mueller', 'Hans Müller']);
    expect(await treeHolding('Muller')).toEqual(['Ernst Müller', 'Hans Müller']);
    expect(await treeHolding('soren gross')).toEqual(['Søren Groß']);
  });
});

describe('sorting by name', () => {
  // "Ärzte" sorts with the A's in German (and everywhere but Swedish), "Ñúñez" right after "Nunez", lower case as upper
  const NAMES = ['Zapata', 'Ärzte', 'Abel', 'Nuzzo', 'Ñúñez', 'Nunez', 'Bär', 'Baum', 'Øster', 'Oma', 'émile', 'Eder', 'Łukasz', 'Lutz'];
  const SORTED = ['Abel', 'Ärzte', 'Bär', 'Baum', 'Eder', 'émile', 'Łukasz', 'Lutz', 'Nunez', 'Ñúñez', 'Nuzzo', 'Oma', 'Øster', 'Zapata'];
  let owner: Session;
  /** Another account, as a contact is a tree person too. */
  let genealogist: Session;

  beforeAll(async () => {
    owner = await signUp(t.app);
    genealogist = await signUp(t.app);
    for (const name of NAMES) {
      await contact(owner, name, 'X');
      await treePerson(genealogist, 'X', name);
    }
    await t.db.insert(people).values(NAMES.map((name) => ({ userId: owner.user.id, name })));
  });

  /** Every page of a list, `limit` at a time, so the cursor's comparison sorts as the ORDER BY does. */
  const allPages = async <T>(url: string, limit: number, who = owner) => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const page = (await call(who, 'GET', `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)) as {
        items: T[];
        nextCursor: string | null;
      };
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };

  it('sorts the contacts, whole and page by page', async () => {
    const whole = (await call(owner, 'GET', '/api/contacts')) as { firstName: string }[];
    expect(whole.map((c) => c.firstName)).toEqual(SORTED);
    for (const limit of [1, 3, 5]) {
      expect((await allPages<{ firstName: string }>('/api/contacts/page', limit)).map((c) => c.firstName)).toEqual(SORTED);
    }
  });

  it('sorts the people of the photos page by page', async () => {
    for (const limit of [1, 4, 100]) {
      expect((await allPages<{ name: string }>('/api/people', limit)).map((p) => p.name)).toEqual(SORTED);
    }
  });

  it('sorts the tree persons page by page', async () => {
    for (const limit of [1, 4, 100]) {
      const persons = await allPages<{ surname: string; isOwner: boolean }>('/api/tree/persons', limit, genealogist);
      expect(persons.filter((p) => !p.isOwner).map((p) => p.surname)).toEqual(SORTED);
    }
  });

  it('reads a page of the contacts and of the tree through their name index, in its order (no sort)', async () => {
    const contactsPlan = await withoutSeqScan(
      `EXPLAIN (FORMAT JSON) SELECT id FROM contacts WHERE owner_id = $1
         AND (lower(first_name) COLLATE heirloom_names, lower(last_name) COLLATE heirloom_names, id) > ('b'::text, ''::text, 0)
         ORDER BY lower(first_name) COLLATE heirloom_names, lower(last_name) COLLATE heirloom_names, id LIMIT 3`,
      [owner.user.id],
    );
    const treePlan = await withoutSeqScan(
      `EXPLAIN (FORMAT JSON) SELECT id FROM tree_persons WHERE user_id = $1
         AND (surname COLLATE heirloom_names, given_names COLLATE heirloom_names, id) > ('b'::text, ''::text, 0)
         ORDER BY surname COLLATE heirloom_names, given_names COLLATE heirloom_names, id LIMIT 3`,
      [owner.user.id],
    );
    expect(contactsPlan).toContain('contacts_owner_name_page_idx');
    expect(contactsPlan).not.toContain('"Sort"');
    expect(treePlan).toContain('tree_persons_user_idx');
    expect(treePlan).not.toContain('"Sort"');
  });
});
