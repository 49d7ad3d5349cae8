// Decision 067: the data part of migration 0038 classifies the photos that were there before precisions. The
// rows are put back into the state the old schema left them in (no precision), and the migration's own
// statements are run again on them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';

const MIGRATION = path.resolve(import.meta.dirname, '../../../../drizzle/0038_date_precision.sql');

/** The migration's data statements (its UPDATEs), as the migrator runs them. */
function dataStatements(): string[] {
  return fs
    .readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((s) => s.startsWith('UPDATE'));
}

describe('migration 0038: the precision of the photos already stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('makes camera dates exact, hand-picked dates days, and dates that were the upload time undated', async () => {
    const { user } = await signUp(t.app);
    const uploaded = '2026-11-01T10:00:00.000Z';
    const rows: Array<[string, string | null, object | null, string | null]> = [
      // name, date_taken, exif_data, video_playback
      ['none', null, null, null],
      ['upload-time', uploaded, null, null],
      ['upload-time-half-a-second', '2026-11-01T10:00:00.400Z', { Make: 'Canon' }, null],
      ['camera', '1998-07-04T12:30:00.000Z', { DateTimeOriginal: '1998:07:04 12:30:00' }, null],
      ['camera-at-upload', uploaded, { CreateDate: '2026:11:01 10:00:00' }, null],
      ['video', '2015-01-02T03:04:05.000Z', null, 'original'],
      ['picked', '1962-06-14T00:00:00.000Z', null, null],
    ];
    for (const [name, taken, exif, playback] of rows) {
      await t.pool.query(
        `insert into photos (user_id, file_path, file_name, file_size, mime_type, date_taken, exif_data, video_playback, created_at)
         values ($1, $2, $2, 1, 'image/jpeg', $3, $4, $5, $6)`,
        [user.id, name, taken, exif && JSON.stringify(exif), playback, uploaded],
      );
    }
    // the state the old schema left: no precision at all
    await t.pool.query('update photos set date_taken_precision = null, date_taken_margin = null where user_id = $1', [user.id]);

    const statements = dataStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.pool.query(statement);

    const { rows: after } = await t.pool.query<{ file_name: string; date_taken: Date | null; date_taken_precision: string | null }>(
      'select file_name, date_taken, date_taken_precision from photos where user_id = $1 order by id',
      [user.id],
    );
    const byName = Object.fromEntries(after.map((r) => [r.file_name, [r.date_taken?.toISOString() ?? null, r.date_taken_precision]]));
    expect(byName).toEqual({
      none: [null, null],
      'upload-time': [null, null],
      'upload-time-half-a-second': [null, null],
      camera: ['1998-07-04T12:30:00.000Z', 'exact'],
      'camera-at-upload': [uploaded, 'exact'],
      video: ['2015-01-02T03:04:05.000Z', 'exact'],
      picked: ['1962-06-14T00:00:00.000Z', 'day'],
    });

    // the memories that were there are days
    const { rows: columns } = await t.pool.query<{ column_default: string }>(
      "select column_default from information_schema.columns where table_name = 'memories' and column_name = 'event_date_precision'",
    );
    expect(columns[0]?.column_default).toContain("'day'");
  });

  it('refuses a precision the contract does not have, and a precision without a date', async () => {
    const { user } = await signUp(t.app);
    const insert = (taken: string | null, precision: string) =>
      t.pool.query(
        `insert into photos (user_id, file_path, file_name, file_size, mime_type, date_taken, date_taken_precision)
         values ($1, 'k', 'k', 1, 'image/jpeg', $2, $3)`,
        [user.id, taken, precision],
      );
    await expect(insert('1962-01-01T00:00:00Z', 'century')).rejects.toThrow(/photos_date_taken_precision/);
    await expect(insert(null, 'year')).rejects.toThrow(/photos_date_taken_precision/);
    await expect(insert('1962-01-01T00:00:00Z', 'year')).resolves.toBeTruthy();
  });
});
