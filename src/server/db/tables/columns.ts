// Column helpers shared by the tables: timestamps and the generated full-text search column.
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).defaultNow().notNull();

/** A generated full-text search column (decision 030); only the search slice reads it, always in SQL. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/**
 * Words kept whole and accent-free (names, places, tags; prefix matching as you type), and those with an umlaut
 * spelled out besides, so "Mueller" finds "Müller" (heirloom_simple_vector, decision 080).
 */
export const simpleVector = (expr: string, weight: string) => `setweight(heirloom_simple_vector(${expr}), '${weight}')`;
/** Prose, stemmed and accent-free ("birthdays" finds "birthday"). */
export const englishVector = (expr: string, weight: string) =>
  `setweight(to_tsvector('heirloom_english'::regconfig, ${expr}), '${weight}')`;
/** Both kinds of lexeme: a word of prose is found whole, by its stem and by its prefix. */
export const proseVector = (expr: string, weight: string) => `${simpleVector(expr, weight)} || ${englishVector(expr, weight)}`;
export const searchVector = (...parts: string[]) => tsvector('search_vector').generatedAlwaysAs(sql.raw(parts.join(' || ')));
