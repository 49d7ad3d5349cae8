import { HOLIDAY_DATES, MONTHS, SEASON_MONTH } from './story-vocabulary';

/** The most precise date a story gives: an exact day, else its one month or holiday or season of its one year. */
export function findDate(lower: string, years: number[], holidays: string[], seasons: string[]): string | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const monthRe = MONTHS.join('|');
  const exact = [...lower.matchAll(new RegExp(`\\b(${monthRe})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'g'))].map(
    (m) => `${m[3]}-${pad(MONTHS.indexOf(m[1]!) + 1)}-${pad(Number(m[2]))}`,
  );
  const exactEu = [...lower.matchAll(new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${monthRe}),?\\s+(\\d{4})\\b`, 'g'))].map(
    (m) => `${m[3]}-${pad(MONTHS.indexOf(m[2]!) + 1)}-${pad(Number(m[1]))}`,
  );
  const valid = [...exact, ...exactEu].filter(
    (d) => !Number.isNaN(new Date(`${d}T00:00:00Z`).getTime()) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
  );
  if (new Set(valid).size === 1) return valid[0]!;
  const distinctYears = [...new Set(years)];
  if (distinctYears.length !== 1) return null;
  const year = distinctYears[0]!;
  // 'a cold February morning in 1985': one month and one year in the story → that month.
  const months = new Set(
    [...lower.matchAll(new RegExp(`\\b(${monthRe})\\b`, 'g'))].map((m) => m[1]!).filter((m) => m !== 'may' && m !== 'march'),
  );
  for (const m of lower.matchAll(new RegExp(`\\b(may|march)\\s+(?:of\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?,?\\s+)?(?:19|20)\\d\\d\\b`, 'g')))
    months.add(m[1]!);
  if (months.size === 1) return `${year}-${pad(MONTHS.indexOf([...months][0]!) + 1)}-01`;
  const holiday = holidays.find((h) => HOLIDAY_DATES[h]);
  if (holiday) return `${year}-${HOLIDAY_DATES[holiday]}`;
  if (holidays.includes('Thanksgiving')) {
    // US Thanksgiving: the fourth Thursday of November.
    const firstWeekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    return `${year}-11-${pad(1 + ((4 - firstWeekday + 7) % 7) + 21)}`;
  }
  if (seasons.length === 1) return `${year}-${SEASON_MONTH[seasons[0]!]}-01`;
  return `${year}-01-01`;
}
