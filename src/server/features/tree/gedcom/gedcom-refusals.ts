// Why heirloom refuses to read a GEDCOM file, as messages with values (decision 083): the import keeps the
// sentence beside its English, so each reader sees it in their language.
import { defineMessages } from '../../../lib/define-messages';

export const GEDCOM_REFUSALS = defineMessages({
  atLine: { id: 'errors.gedcom.atLine', defaultMessage: '{refusal} (line {line})' },
  dosCharacters: {
    id: 'errors.gedcom.dosCharacters',
    defaultMessage:
      'This file is written in the old DOS character set (IBMPC), which heirloom does not read. Please export it again as UTF-8 or ANSEL.',
  },
  unknownCharacters: {
    id: 'errors.gedcom.unknownCharacters',
    defaultMessage: 'This file says its characters are "{char}", which heirloom does not know. Please export it again as UTF-8.',
  },
  invalidCharacters: { id: 'errors.gedcom.invalidCharacters', defaultMessage: 'This file has characters that are not valid {encoding}' },
  tooLarge: {
    id: 'errors.gedcom.tooLarge',
    defaultMessage: 'This file is larger than {megabytes} MB, more than heirloom reads from a GEDCOM file.',
  },
  empty: { id: 'errors.gedcom.empty', defaultMessage: 'This file is empty.' },
  notGedcom: { id: 'errors.gedcom.notGedcom', defaultMessage: 'This is not a GEDCOM file: it has no header and no persons.' },
  notALine: { id: 'errors.gedcom.notALine', defaultMessage: 'This line is not a GEDCOM line' },
  tooDeep: { id: 'errors.gedcom.tooDeep', defaultMessage: 'This line is nested deeper than {max} levels' },
  skipsLevel: { id: 'errors.gedcom.skipsLevel', defaultMessage: 'This line skips a level ({level} after {previous})' },
  nothingToContinue: { id: 'errors.gedcom.nothingToContinue', defaultMessage: '{tag} has nothing to continue' },
  valueTooLong: {
    id: 'errors.gedcom.valueTooLong',
    defaultMessage: 'A value joined from CONC and CONT lines is longer than {max} characters',
  },
  tooManyRecords: { id: 'errors.gedcom.tooManyRecords', defaultMessage: 'This file has more than {max} records' },
});
