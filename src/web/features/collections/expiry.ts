// A link's optional expiry is chosen as a calendar day: the link works until the end of that day where the
// owner is, then answers "This link has expired." (decision 025).

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2030-05-01' → the ISO instant at 23:59:59.999 local time that day; '' → null (never expires). */
export function expiryFromDay(day: string): string | null {
  const match = CALENDAR_DATE.exec(day);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}
