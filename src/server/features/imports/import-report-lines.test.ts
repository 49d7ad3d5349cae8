import { describe, expect, it } from 'vitest';
import type { ImportReport } from '@shared/schemas/transfers';
import { badRequest } from '../../lib/errors';
import { sentence, sentenceIn } from '../../lib/i18n';
import { ArchiveRefusedError } from './archive-reader';
import { refusal } from './archive-refusals';
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

  it('say a refused archive in English as ever, and in the owner’s language', () => {
    const refused = new ArchiveRefusedError(refusal('tooManyFiles', { max: 100_000 }));
    expect(refused.message).toBe('The archive was refused: it holds more than 100,000 files.');
    expect(sentenceIn('de', refused.sentence!)).toBe('Das Archiv wurde abgelehnt: Es enthält mehr als 100.000 Dateien.');
    const damaged = itemRefusal(new ArchiveRefusedError(refusal('fileDamaged')));
    const report = new ReportBuilder('heirloom');
    report.refuse('photos/1.jpg', damaged!);
    expect(reportIn(JSON.parse(JSON.stringify(report.build())) as ImportReport, 'fr')!.refused.items[0]!.reason).toBe(
      'Le fichier est endommagé dans l’archive.',
    );
  });
});
