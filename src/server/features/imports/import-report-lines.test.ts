import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@shared/schemas/transfers';
import { badRequest } from '../../lib/errors';
import { sentence } from '../../lib/i18n';
import { itemRefusal, ReportBuilder } from './import-context';
import { dateNotUsable, line, reportIn } from './import-report-lines';

/** A report as the database gives it back: JSON, with the sentences in it. */
function kept() {
  const report = new ReportBuilder('google-takeout');
  report.skip('Takeout/Photos/IMG_1.jpg', line('sameFile'));
  report.refuse('Takeout/Photos/IMG_2.jpg.json', line('photoWithout', { what: dateNotUsable() }));
  report.refuse('Takeout/Photos/IMG_3.jpg', 'Some English text from an archive');
  const refusal = itemRefusal(
    badRequest(sentence({ id: 'imports.report.missing', defaultMessage: 'The file is missing from the archive.' })),
  );
  report.refuse('Takeout/Photos/IMG_4.jpg', refusal!);
  return JSON.parse(JSON.stringify(report.build())) as ImportReport;
}

describe('the lines of an import report', () => {
  it('read in English exactly as they were written', () => {
    const report = reportIn(kept(), 'en')!;
    expect(report.skipped.items).toEqual([{ path: 'Takeout/Photos/IMG_1.jpg', reason: 'Already in your library (same file).' }]);
    expect(report.refused.items.map((i) => i.reason)).toEqual([
      'Not used (the photo was imported without it): the date taken is not a date between 1900 and today.',
      'Some English text from an archive',
      'The file is missing from the archive.',
    ]);
  });

  it('read in the reader’s language, values and all', () => {
    const report = reportIn(kept(), 'de')!;
    expect(report.skipped.items).toEqual([{ path: 'Takeout/Photos/IMG_1.jpg', reason: 'Bereits in Ihrer Bibliothek (dieselbe Datei).' }]);
    expect(report.refused.items.map((i) => i.reason)).toEqual([
      'Nicht übernommen (das Foto wurde ohne diese Angabe importiert): das Aufnahmedatum ist kein Datum zwischen 1900 und heute.',
      'Some English text from an archive',
      'Die Datei fehlt im Archiv.',
    ]);
    expect(Object.keys(report.refused.items[0]!)).toEqual(['path', 'reason']);
  });
});
