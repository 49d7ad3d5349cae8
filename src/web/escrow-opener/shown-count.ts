import { formatNumber, locale } from '../export-viewer/i18n';

/** A count as the reader writes it ("1.234" in German); English keeps its digits ungrouped, as the page always wrote them. */
export const shownCount = (n: number): string => (locale() === 'en-US' ? String(n) : formatNumber(n));
