// Where a named person's address stands, from the asks made of it (pure; decision 073).
import type { ReachabilityStatus } from '@shared/schemas/reachability';
import type { AskRow, NamedPerson } from './reachability.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asked once a year… */
export const ASK_EVERY_DAYS = 365;
/** …and an address not confirmed within this many days may be out of date. */
export const CONFIRM_WITHIN_DAYS = 30;
/** Someone just named is asked after a week: the owner is still handing over key codes and kits. */
export const FIRST_ASK_AFTER_DAYS = 7;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The asks of the person's current address, newest first (asks is newest first). */
export const asksOf = (person: NamedPerson, asks: AskRow[]) =>
  asks.filter((a) => a.userId === person.userId && a.contactId === person.contactId && sameAddress(a.email, person.email));

export function statusOf(person: NamedPerson, asks: AskRow[], now: Date) {
  const own = asksOf(person, asks);
  const latest = own[0];
  const lastConfirmedAt = own.find((a) => a.confirmedAt)?.confirmedAt ?? null;
  let status: ReachabilityStatus;
  if (!latest) status = 'not-asked';
  else if (latest.confirmedAt) status = 'confirmed';
  else if (latest.bouncedAt) status = 'bounced';
  else if (now.getTime() - latest.askedAt.getTime() < CONFIRM_WITHIN_DAYS * DAY_MS) status = 'pending';
  else status = 'unconfirmed';
  return { status, askedAt: latest?.askedAt ?? null, lastConfirmedAt };
}

/** Whether the person is to be asked now: a year after the last ask of this address, or a week after being named. */
export function isDue(person: NamedPerson, asks: AskRow[], now: Date): boolean {
  const latest = asksOf(person, asks)[0];
  const from = latest ? latest.askedAt.getTime() + ASK_EVERY_DAYS * DAY_MS : person.namedAt.getTime() + FIRST_ASK_AFTER_DAYS * DAY_MS;
  return now.getTime() >= from;
}

/** Addresses the owner should look at: refused, or not confirmed in time. */
export const mayBeOutOfDate = (status: ReachabilityStatus) => status === 'bounced' || status === 'unconfirmed';
