// A GEDCOM file's bytes to a dataset: size first, then decoding, lines and mapping. Throws GedcomError only.
import { decodeGedcom } from './decode';
import { sentence } from '../../../lib/i18n';
import { GedcomError, type GedcomDataset } from './gedcom-dataset';
import { GEDCOM_REFUSALS } from './gedcom-refusals';
import { mapGedcom } from './gedcom-mapping';
import { GEDCOM_LIMITS, readGedcomLines, type GedcomLimits } from './line-reader';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export function readGedcomFile(bytes: Uint8Array, limits: GedcomLimits = GEDCOM_LIMITS): GedcomDataset {
  if (bytes.length > limits.maxBytes) throw new GedcomError(sentence(GEDCOM_REFUSALS.tooLarge, { megabytes: megabytes(limits.maxBytes) }));
  if (bytes.length === 0) throw new GedcomError(sentence(GEDCOM_REFUSALS.empty));
  const decoded = decodeGedcom(bytes);
  const records = readGedcomLines(decoded.text, limits);
  if (!records.some((r) => r.tag === 'HEAD' || r.tag === 'INDI')) throw new GedcomError(sentence(GEDCOM_REFUSALS.notGedcom));
  return mapGedcom(records, decoded.report);
}
