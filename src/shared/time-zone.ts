// Without zod, so the web app can check a zone without loading it (on-this-day on the dashboard's first load).

/** True for an IANA time zone name this JavaScript runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(value: string): boolean {
  // A name, never a bare offset: PostgreSQL reads '+05' POSIX-style, with the sign inverted.
  if (value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
