// The language a mail is written in (issue 33): its reader's. An account reads its own language; a contact
// (an heir, a verifier, a caregiver, someone a link is shared with) reads theirs, else their owner's; English
// when nobody chose. Also the reader's way of writing dates, and the HTML page a mail's HTML part is.
import { and, eq, sql } from 'drizzle-orm';
import type { IntlShape } from 'react-intl';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import type { Db } from '../db/client';
import { contacts, users } from '../db/schema';
import { translator } from './i18n';

/** The language of mail to the account `userId`. */
export async function accountLanguage(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return translator(row?.language).locale;
}

/** The language of mail to the contact `contactId`: theirs, else their owner's. */
export async function contactLanguage(db: Db, contactId: number): Promise<string> {
  const [row] = await db
    .select({ own: contacts.language, owner: users.language })
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.ownerId))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return translator(row?.own ?? row?.owner).locale;
}

/** The language of mail from `ownerId` to `address`: the owner's contact at that address, else the owner's. */
export async function addressLanguage(db: Db, ownerId: number, address: string): Promise<string> {
  const [contact] = await db
    .select({ language: contacts.language })
    .from(contacts)
    .where(and(eq(contacts.ownerId, ownerId), sql`lower(${contacts.email}) = lower(${address})`, sql`${contacts.language} IS NOT NULL`))
    .limit(1);
  if (contact) return translator(contact.language).locale;
  return accountLanguage(db, ownerId);
}

/** A moment as the reader writes it, in UTC; English keeps `toUTCString()` ("Tue, 01 Dec 2026 10:00:00 GMT"). */
export function utcMoment(intl: IntlShape, date: Date): string {
  if (intl.locale === SOURCE_LANGUAGE) return date.toUTCString();
  return intl.formatDate(date, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';
}

/** A day as the reader writes it ("1 December 2026" in English, as before). */
export function longDay(intl: IntlShape, date: Date): string {
  const locale = intl.locale === SOURCE_LANGUAGE ? 'en-GB' : intl.locale;
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** An HTML part's opening tag, naming its language. */
export const htmlOpening = (language: string, style: string) => `<!doctype html><html lang="${language}"><body style="${style}">`;
