// Brute-force protection per account, whatever IPs the attempts come from: after `max` failed logins
// within the window the account refuses further attempts until the window passes.
const WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 50_000;

export function createLoginThrottle(max: number) {
  const failures = new Map<string, { count: number; since: number }>();

  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && Date.now() - entry.since > WINDOW_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    isBlocked: (email: string) => (current(email.toLowerCase())?.count ?? 0) >= max,
    recordFailure(email: string) {
      const key = email.toLowerCase();
      const entry = current(key);
      if (entry) entry.count++;
      else {
        if (failures.size >= MAX_TRACKED) failures.clear();
        failures.set(key, { count: 1, since: Date.now() });
      }
    },
    reset: (email: string) => failures.delete(email.toLowerCase()),
  };
}
