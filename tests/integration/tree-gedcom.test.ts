// GEDCOM in and out through the API (issue 30, decision 061): a background import with a report by line, a try
// after a crash that doubles nothing, the export read back into a fresh account, suggestions the owner decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GedcomImport, MatchSuggestion } from '@shared/schemas/tree-gedcom';
import { readGedcomFile } from '@server/features/tree/gedcom/read-gedcom-file';
import { buildTestApp, multipart, signUp, type TestApp } from '@tests/helpers/server';
import { readZip } from '@tests/helpers/zip';
import type { ExportJob } from '@shared/schemas/transfers';
import { importArchives } from './import-helpers';

const FAMILY = `0 HEAD
1 SOUR Gramps
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Rose /Dubois/
2 _MARNM Dubois
1 NAME Rose /Martin/
2 TYPE birth
1 SEX F
1 BIRT
2 DATE ABT 1890
2 PLAC Lyon
1 FAMS @F1@
0 @I2@ INDI
1 NAME Paul /Dubois/
1 SEX M
1 DEAT
2 DATE 1950
1 FAMS @F1@
0 @I3@ INDI
1 NAME Anne /Dubois/
1 SEX F
1 FAMC @F1@
2 PEDI adopted
1 NOTE @N1@
0 @F1@ FAM
1 HUSB @I2@
1 WIFE @I1@
1 CHIL @I3@
1 CHIL @I404@
1 MARR
2 DATE 12 MAY 1912
0 @N1@ NOTE Adopted in 1925
0 TRLR
`;

describe('/api/tree/gedcom', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = (cookie: string, content: Buffer | string, filename = 'family.ged') => {
    const form = multipart([{ name: 'file', filename, content: Buffer.from(content) }]);
    return t.app.inject({ method: 'POST', url: '/api/tree/gedcom', headers: { cookie, ...form.headers }, payload: form.payload });
  };

  async function waitFor(cookie: string, id: number): Promise<GedcomImport> {
    for (let i = 0; i < 2400; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tree/gedcom/imports/${id}`, headers: { cookie } });
      const job = res.json() as GedcomImport;
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`GEDCOM import ${id} did not end`);
  }

  async function importFile(cookie: string, content: Buffer | string) {
    const res = await upload(cookie, content);
    expect(res.statusCode, res.body).toBe(202);
    return waitFor(cookie, (res.json() as { id: number }).id);
  }

  const count = async (sql: string, params: unknown[]) => (await t.pool.query(sql, params)).rows[0].n as number;

  it('imports a file in the background and reports what it added and the lines it left out', async () => {
    const { cookie, user } = await signUp(t.app);
    const job = await importFile(cookie, FAMILY);
    expect(job).toMatchObject({
      status: 'done',
      fileName: 'family.ged',
      progress: { personsDone: 3, personsTotal: 3 },
      error: null,
      report: {
        personsAdded: 3,
        parentLinks: 2,
        partnerships: 1,
        warnings: { count: 1, items: [{ line: 33, message: 'CHIL points to @I404@, which is not a person in the file.' }] },
      },
    });
    const { rows } = await t.pool.query(
      'SELECT given_names, surname, birth_surname, birth_date, birth_place, died, death_date, note, gedcom_id FROM tree_persons WHERE user_id = $1 AND import_id = $2 ORDER BY gedcom_id',
      [user.id, job.id],
    );
    expect(rows).toEqual([
      {
        given_names: 'Rose',
        surname: 'Dubois',
        birth_surname: 'Martin',
        birth_date: 'c. 1890',
        birth_place: 'Lyon',
        died: false,
        death_date: null,
        note: null,
        gedcom_id: 'I1',
      },
      {
        given_names: 'Paul',
        surname: 'Dubois',
        birth_surname: null,
        birth_date: null,
        birth_place: null,
        died: true,
        death_date: '1950',
        note: null,
        gedcom_id: 'I2',
      },
      {
        given_names: 'Anne',
        surname: 'Dubois',
        birth_surname: null,
        birth_date: null,
        birth_place: null,
        died: false,
        death_date: null,
        note: 'Adopted in 1925',
        gedcom_id: 'I3',
      },
    ]);
    expect(
      await count("SELECT count(*)::int AS n FROM tree_relations WHERE user_id = $1 AND kind = 'parent' AND type = 'adoptive'", [user.id]),
    ).toBe(2);
    expect(await count('SELECT count(*)::int AS n FROM tree_gedcom_imports WHERE id = $1 AND source IS NULL', [job.id])).toBe(1);
  });

  it('adds nothing twice when a try runs again after a crash', async () => {
    const { cookie, user } = await signUp(t.app);
    const job = await importFile(cookie, FAMILY);
    // as if the process had died after the first batch: the row running again with its file
    await t.pool.query("UPDATE tree_gedcom_imports SET status = 'running', source = $2 WHERE id = $1", [job.id, Buffer.from(FAMILY)]);
    await t.pool.query('DELETE FROM tree_persons WHERE user_id = $1 AND gedcom_id = $2', [user.id, 'I3']);
    await t.app.jobs.send('tree.gedcom-import', { importId: job.id });
    const again = await waitFor(cookie, job.id);
    expect(again.status).toBe('done');
    expect(await count('SELECT count(*)::int AS n FROM tree_persons WHERE user_id = $1 AND import_id = $2', [user.id, job.id])).toBe(3);
    expect(await count('SELECT count(*)::int AS n FROM tree_relations WHERE user_id = $1', [user.id])).toBe(3);
  });

  it('refuses what is not GEDCOM at once, and ends a broken GEDCOM file with its line', async () => {
    const { cookie } = await signUp(t.app);
    const notGedcom = await upload(cookie, '<html>hello</html>');
    expect(notGedcom.statusCode).toBe(415);
    expect(notGedcom.json().message).toMatch(/not a GEDCOM file/);
    const broken = await importFile(
      cookie,
      Buffer.concat([Buffer.from('0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Ma'), Buffer.from([0xff]), Buffer.from('rie\n')]),
    );
    expect(broken).toMatchObject({ status: 'failed', report: null, error: 'This file has characters that are not valid UTF-8 (line 4)' });
    const inGerman = await t.app.inject({
      method: 'GET',
      url: `/api/tree/gedcom/imports/${broken.id}`,
      headers: { cookie, 'accept-language': 'de' },
    });
    expect(inGerman.json().error).toBe('Diese Datei enthält Zeichen, die kein gültiges UTF-8 sind (Zeile 4)');
    const deep = ['0 HEAD', '0 @I1@ INDI', ...Array.from({ length: 120 }, (_, i) => `${i + 1} _X`)].join('\n');
    expect(await importFile(cookie, deep)).toMatchObject({
      status: 'failed',
      error: 'This line is nested deeper than 99 levels (line 102)',
    });
    const missing = await t.app.inject({ method: 'GET', url: '/api/tree/gedcom/imports/999999', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it('exports 7.0 and 5.5.1 files that import into a fresh account and export the same', async () => {
    const first = await signUp(t.app);
    await importFile(first.cookie, FAMILY);
    for (const version of ['7.0', '5.5.1'] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tree/gedcom?version=${version}`, headers: { cookie: first.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(
        version === '7.0' ? 'text/vnd.familysearch.gedcom; charset=utf-8' : 'application/x-gedcom; charset=utf-8',
      );
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="family.ged"/);
      const second = await signUp(t.app);
      expect((await importFile(second.cookie, res.body)).report?.warnings.count).toBe(0);
      const again = await t.app.inject({ method: 'GET', url: `/api/tree/gedcom?version=${version}`, headers: { cookie: second.cookie } });
      const content = (text: string) => {
        const data = readGedcomFile(Buffer.from(text));
        const names = new Map(data.persons.map((p) => [p.ref, `${p.givenNames} ${p.surname}`]));
        return {
          persons: data.persons.map(({ ref: _ref, ...p }) => p).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
          relations: data.relations.map((r) => JSON.stringify({ ...r, fromRef: names.get(r.fromRef), toRef: names.get(r.toRef) })).sort(),
        };
      };
      // the owner's own person (made from the profile) differs between the accounts: compared without it
      const withoutOwners = (c: ReturnType<typeof content>) => ({ ...c, persons: c.persons.filter((p) => p.surname === 'Dubois') });
      expect(withoutOwners(content(again.body))).toEqual(withoutOwners(content(res.body)));
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/tree/gedcom?version=6', headers: { cookie: first.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('suggests imported persons who may already be in the tree; accepting merges them into the existing person', async () => {
    const { cookie, user } = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tree/persons',
      headers: { cookie },
      payload: { givenNames: 'Rose', surname: 'Martin', birth: { date: '1890-03-01', place: null } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const roseId = (created.json() as { id: number }).id;
    const paul = await t.app.inject({
      method: 'POST',
      url: '/api/tree/persons',
      headers: { cookie },
      payload: { givenNames: 'Paul', surname: 'Dubois' },
    });
    const job = await importFile(cookie, FAMILY);
    expect(job.report?.suggestions).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/tree/gedcom/suggestions', headers: { cookie } });
    const [suggestion] = list.json() as MatchSuggestion[];
    expect(suggestion).toMatchObject({
      importId: job.id,
      existing: { id: roseId, givenNames: 'Rose', surname: 'Martin' },
      imported: { surname: 'Dubois', birthSurname: 'Martin' },
    });

    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/tree/gedcom/suggestions/${suggestion!.id}`,
      headers: { cookie: other.cookie },
      payload: { decision: 'accept' },
    });
    expect(foreign.statusCode).toBe(404);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/tree/gedcom/suggestions/${suggestion!.id}`,
      headers: { cookie },
      payload: { decision: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(204);
    expect(await count('SELECT count(*)::int AS n FROM tree_persons WHERE id = $1', [suggestion!.imported.id])).toBe(0);
    const rose = (await t.pool.query('SELECT birth_date, birth_place, birth_surname FROM tree_persons WHERE id = $1', [roseId])).rows[0];
    expect(rose).toEqual({ birth_date: '1890-03-01', birth_place: 'Lyon', birth_surname: null });
    // her links moved over: a partner and an adopted daughter
    expect(
      await count('SELECT count(*)::int AS n FROM tree_relations WHERE user_id = $1 AND (from_id = $2 OR to_id = $2)', [user.id, roseId]),
    ).toBe(2);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/tree/gedcom/suggestions/${suggestion!.id}`,
      headers: { cookie },
      payload: { decision: 'reject' },
    });
    expect(twice.statusCode).toBe(404);
    expect(paul.statusCode).toBe(201);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/tree/gedcom/suggestions/${suggestion!.id}`,
      headers: { cookie },
      payload: { decision: 'maybe' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it("carries the tree in the account's export archive as family.ged, which an archive import reads back", async () => {
    const first = await signUp(t.app);
    await importFile(first.cookie, FAMILY);
    const started = await t.app.inject({ method: 'POST', url: '/api/exports', headers: { cookie: first.cookie } });
    expect(started.statusCode, started.body).toBe(202);
    let job: ExportJob | undefined;
    for (let i = 0; i < 1200 && !(job && (job.status === 'ready' || job.status === 'failed')); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 50));
      job = (await t.app.inject({ method: 'GET', url: `/api/exports/${started.json().id}`, headers: { cookie: first.cookie } })).json();
    }
    expect(job?.status, job?.error ?? '').toBe('ready');
    const download = await t.app.inject({ method: 'GET', url: job!.downloadUrl!, headers: { cookie: first.cookie } });
    const zip = await readZip(download.rawPayload);
    const ged = zip.get('family.ged')!.toString('utf8');
    expect(ged).toContain('2 VERS 7.0');
    expect(JSON.parse(zip.get('manifest.json')!.toString('utf8')).files.map((f: { path: string }) => f.path)).toContain('family.ged');

    const second = await signUp(t.app);
    const imported = await importArchives(t, second.cookie, [download.rawPayload]);
    expect(imported.status, imported.error ?? '').toBe('done');
    const names = async (userId: number) =>
      (
        await t.pool.query(
          "SELECT given_names || ' ' || surname AS n FROM tree_persons WHERE user_id = $1 AND surname = 'Dubois' ORDER BY 1",
          [userId],
        )
      ).rows.map((r) => r.n);
    expect(await names(second.user.id)).toEqual(['Anne Dubois', 'Paul Dubois', 'Rose Dubois']);
    expect(await count('SELECT count(*)::int AS n FROM tree_relations WHERE user_id = $1', [second.user.id])).toBe(3);
    // a try after a crash removes what the earlier try's family.ged added before reading it again
    await t.pool.query("UPDATE imports SET status = 'running' WHERE id = $1", [imported.id]);
    await t.app.services.gedcom.removeForArchive(second.user.id, imported.id);
    expect(await names(second.user.id)).toEqual([]);
  });

  it('rejecting a suggestion keeps both persons and takes it off the list', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/tree/persons',
      headers: { cookie },
      payload: { givenNames: 'Rose', surname: 'Dubois', birth: { date: 'c. 1890', place: null } },
    });
    await importFile(cookie, FAMILY);
    const [suggestion] = (
      await t.app.inject({ method: 'GET', url: '/api/tree/gedcom/suggestions', headers: { cookie } })
    ).json() as MatchSuggestion[];
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/tree/gedcom/suggestions/${suggestion!.id}`,
      headers: { cookie },
      payload: { decision: 'reject' },
    });
    expect(rejected.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/tree/gedcom/suggestions', headers: { cookie } })).json()).toEqual([]);
    expect(await count("SELECT count(*)::int AS n FROM tree_persons WHERE user_id = $1 AND given_names = 'Rose'", [user.id])).toBe(2);
  });

  it('imports 5,000 persons well within a minute', async () => {
    const { cookie, user } = await signUp(t.app);
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
    for (let i = 1; i <= 5000; i++) {
      lines.push(
        `0 @I${i}@ INDI`,
        `1 NAME Person${i} /Family${i % 300}/`,
        `1 SEX ${i % 2 ? 'M' : 'F'}`,
        '1 BIRT',
        `2 DATE ${1 + (i % 28)} MAR ${1700 + (i % 300)}`,
        '2 PLAC Somewhere',
      );
    }
    for (let f = 1; f <= 2500; f += 2)
      lines.push(
        `0 @F${f}@ FAM`,
        `1 HUSB @I${f}@`,
        `1 WIFE @I${f + 1}@`,
        `1 CHIL @I${f + 2500}@`,
        `1 CHIL @I${f + 2501}@`,
        '1 MARR',
        '2 DATE 1750',
      );
    lines.push('0 TRLR');
    const started = performance.now();
    const job = await importFile(cookie, lines.join('\n'));
    const seconds = (performance.now() - started) / 1000;
    expect(job.status).toBe('done');
    expect(job.report).toMatchObject({ personsAdded: 5000, parentLinks: 5000, partnerships: 1250 });
    expect(await count('SELECT count(*)::int AS n FROM tree_persons WHERE user_id = $1 AND import_id = $2', [user.id, job.id])).toBe(5000);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
