// Seeds one user's library straight into the database (set-based SQL: 160k rows in a few seconds).
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/** photos / memories / documents for one user, dated over 1990–2025, in a few set-based statements. */
export async function seed(db: Pick<Db, 'execute'>, userId: number, n: { photos: number; memories: number; documents: number }) {
  const span = 35 * 365 * 86400; // seconds from 1990 to 2025
  await db.execute(sql`
    insert into memories (user_id, title, content, event_date)
    select ${userId}, 'Memory ' || g, repeat('A line of the story. ', 10 + g % 20), date '1990-01-01' + (random() * 12775)::int
    from generate_series(1, ${n.memories}) g`);
  await db.execute(sql`
    insert into photos (user_id, file_path, file_name, file_size, mime_type, title, description, date_taken, created_at, derivative_status)
    select ${userId}, 'users/' || ${userId} || '/photos/' || g || '.jpg', 'IMG_' || g || '.jpg', 2000000, 'image/jpeg',
      case when g % 4 = 0 then null else 'Photo ' || g end,
      case when g % 3 = 0 then 'What happened in photo ' || g else null end,
      case when g % 10 = 0 then null else timestamptz '1990-01-01 00:00Z' + random() * ${span} * interval '1 second' end,
      timestamptz '2024-01-01 00:00Z' + random() * 600 * interval '1 day',
      'ready' -- no files behind these rows: keep the photos' derivative queue away from them
    from generate_series(1, ${n.photos}) g`);
  await db.execute(sql`
    insert into vault_files (user_id, file_name, original_name, file_path, file_size, mime_type, description, uploaded_at)
    select ${userId}, g || '.pdf', 'Document ' || g || '.pdf', 'users/' || ${userId} || '/vault/' || g || '.pdf', 50000, 'application/pdf',
      case when g % 2 = 0 then 'Kept for later' else null end, timestamptz '2010-01-01 00:00Z' + random() * 5800 * interval '1 day'
    from generate_series(1, ${n.documents}) g`);
  // Attachments: an own file on every 5th memory, a linked photo on every 10th, a linked document on every 50th.
  await db.execute(sql`
    insert into memory_attachments (memory_id, user_id, file_path, file_name, file_size, mime_type)
    select id, ${userId}, 'users/' || ${userId} || '/attachments/' || id || '.mp3', 'voice-' || id || '.mp3', 300000, 'audio/mpeg'
    from memories where user_id = ${userId} and id % 5 = 0`);
  await db.execute(sql`
    update photos p set memory_id = m.id
    from (select id, row_number() over (order by id) rn from memories where user_id = ${userId} and id % 10 = 0) m
    join (select id, row_number() over (order by id) rn from photos where user_id = ${userId}) ph on ph.rn = m.rn
    where p.id = ph.id`);
  await db.execute(sql`
    update vault_files v set memory_id = m.id
    from (select id, row_number() over (order by id) rn from memories where user_id = ${userId} and id % 50 = 0) m
    join (select id, row_number() over (order by id) rn from vault_files where user_id = ${userId}) d on d.rn = m.rn
    where v.id = d.id`);
}
