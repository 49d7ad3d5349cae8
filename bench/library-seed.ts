// Seeds one family's library straight into the database with set-based SQL (100,000 photos in seconds).
// Photos are spread over 1950–2026 the way a family's are: few a year from the scanned-print decades, many
// from the phone years, and bunched into events (holidays, birthdays), so months hold very different counts.
// Every row points at one of a few real uploaded files, whose thumbnails exist, so the gallery's images load.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

export interface LibrarySize {
  photos: number;
  memories: number;
  documents: number;
  contacts: number;
}

/** Real files already uploaded for this user (storage keys): the seeded rows share them. */
export interface SeedFiles {
  photoPaths: string[];
  documents: { path: string; size: number }[];
}

const WORDS = `birthday wedding christmas holiday picnic beach garden graduation baptism harvest lake mountain school
  church market bicycle kitchen letter recipe violin football summer winter autumn spring grandma grandpa cousin
  uncle aunt baby puppy camping fishing sailing concert museum airport train ferry island village farm festival
  reunion anniversary`.split(/\s+/);
const FIRST = ['José', 'María', 'François', 'Zoë', 'Ingrid', 'Seán', 'Anna', 'Peter', 'Léa', 'Jürgen', 'Ana', 'Tomás'];
const LAST_NAMES = ['García', 'Müller', 'Dubois', 'Søndergaard', "O'Brien", 'Nowak', 'Rossi', 'Svensson', 'Álvarez', 'Smith'];
const PLACES = ['Paris', 'Kraków', 'Zürich', 'Lisbon', 'Annecy', 'Galway', 'Bergen', 'Sevilla', 'Montréal', 'Brno'];
const CAMERAS = ['Kodak Instamatic', 'Olympus OM-1', 'Canon AE-1', 'Nikon D700', 'Canon EOS 5D', 'iPhone 12', 'Pixel 7'];
const RELATIONS = ['Mother', 'Father', 'Sister', 'Brother', 'Cousin', 'Aunt', 'Uncle', 'Grandmother', 'Grandfather'];

/** Distinct text the benchmark waits for: the first memory card, document row and contact card on screen. */
export const MEMORY_MARKER = 'We remember the';
export const DOCUMENT_MARKER = /\(scan \d+\)\.pdf/;
export const CONTACT_MARKER = new RegExp(LAST_NAMES.join('|'));

const textArray = (xs: string[]) => sql`${`{${xs.map((x) => `"${x.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
/** The `n`-th entry (any integer SQL expression) of a list, cycling. */
const pick = (xs: string[], n: string) => sql`(${textArray(xs)})[1 + (${sql.raw(n)}) % ${xs.length}]`;

/** `db` must be one connection (setseed makes the spread the same on every run). */
export async function seedLibrary(db: Pick<Db, 'execute'>, userId: number, n: LibrarySize, files: SeedFiles) {
  await db.execute(sql`select setseed(0.1950)`);
  const word = (expr: string) => pick(WORDS, expr);
  // Events: their day skewed towards recent years (density grows like t^1.2), their size skewed too (a few
  // weddings and long holidays, many small days). Photos join an event and take a time in its day.
  const events = Math.max(50, Math.round(n.photos / 25));
  await db.execute(sql`
    with ev as materialized (
      select e, timestamptz '1950-01-01 00:00Z'
        + power(random(), 0.45) * (timestamptz '2026-11-01 00:00Z' - timestamptz '1950-01-01 00:00Z') as day
      from generate_series(0, ${events - 1}) e
    ), p as materialized (
      select g, floor(power(random(), 1.8) * ${events})::int as e, random() as r from generate_series(1, ${n.photos}) g
    )
    insert into photos (user_id, file_path, file_name, file_size, mime_type, title, description, date_taken, created_at,
      location, camera_info, tags, width, height, derivative_status)
    select ${userId}, (${textArray(files.photoPaths)})[1 + g % ${files.photoPaths.length}],
      case when g % 5 = 0 then 'SCAN_' || lpad(g::text, 6, '0') || '.jpg' else 'IMG_' || lpad(g::text, 6, '0') || '.JPG' end,
      2000000 + (g * 7919) % 3000000, 'image/jpeg',
      case when g % 4 = 0 then null else initcap(${word('e')}) || ' in ' || ${pick(PLACES, 'e * 3')} end,
      case when g % 7 = 0 then 'The ' || ${word('g * 19')} || ' with ' || ${pick(FIRST, 'g')} else null end,
      case when g % 40 = 0 then null else ev.day + r * interval '12 hours' end,
      timestamptz '2023-06-01 00:00Z' + (g % 900) * interval '1 day' + r * interval '1 hour',
      ${pick(PLACES, 'e * 3')},
      ${pick(CAMERAS, `least(${CAMERAS.length - 1}, greatest(0, extract(year from ev.day)::int - 1950) / 11)`)},
      array[${word('e')}, ${word('g * 23')}], 1600, 1200, 'ready'
    from p join ev using (e)`);
  await db.execute(sql`
    insert into memories (user_id, title, content, event_date, tags, location)
    select ${userId}, initcap(${word('g')}) || ' at ' || ${pick(PLACES, 'g')},
      ${MEMORY_MARKER}::text || ' ' || ${word('g * 7')} || ' with ' || ${pick(FIRST, 'g')} || '. '
        || repeat('It was a day of ' || ${word('g * 13')} || ' and ' || ${word('g * 17')} || '. ', 2 + g % 12),
      date '1950-01-01' + (power(random(), 0.5) * 27700)::int,
      array[${word('g * 3')}, ${word('g * 5')}], ${pick(PLACES, 'g')}
    from generate_series(1, ${n.memories}) g`);
  await db.execute(sql`
    insert into vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, description, uploaded_at)
    select ${userId}, g || '.pdf', initcap(${word('g * 29')}) || ' papers (scan ' || g || ').pdf',
      (${textArray(files.documents.map((d) => d.path))})[1 + g % ${files.documents.length}],
      (${`{${files.documents.map((d) => d.size).join(',')}}`}::bigint[])[1 + g % ${files.documents.length}], 'application/pdf',
      case when g % 2 = 0 then 'Kept after the ' || ${word('g')} else null end,
      timestamptz '2012-01-01 00:00Z' + random() * interval '5400 days'
    from generate_series(1, ${n.documents}) g`);
  await db.execute(sql`
    insert into contacts (owner_id, first_name, last_name, relationship, family_relation, notes)
    select ${userId}, ${pick(FIRST, 'g')}, ${pick(LAST_NAMES, `g / ${FIRST.length}`)},
      (case when g % 3 = 0 then 'friend' else 'family' end)::relationship,
      case when g % 3 = 0 then null else ${pick(RELATIONS, 'g')} end, 'Met at the ' || ${word('g * 31')}
    from generate_series(1, ${n.contacts}) g`);
}
