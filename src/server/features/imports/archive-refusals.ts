// Why a whole archive is refused (the import fails and adds nothing), as messages with values (decision 083).
// A failed import keeps its reason as text (the imports row has no column for a sentence): the job writes it in
// its owner's language when it fails (import-job.ts); its English is what logs and English owners read.
import { defineMessages } from '../../lib/define-messages';
import { sentence, type Sentence } from '../../lib/i18n';

export const ARCHIVE_REFUSALS = defineMessages({
  outsideArchive: {
    id: 'imports.refused.outsideArchive',
    defaultMessage: 'The archive was refused: the entry {name} points outside the archive.',
  },
  absolutePath: { id: 'imports.refused.absolutePath', defaultMessage: 'The archive was refused: the entry {name} has an absolute path.' },
  backslash: { id: 'imports.refused.backslash', defaultMessage: 'The archive was refused: the entry {name} has a backslash in its name.' },
  archiveEncrypted: { id: 'imports.refused.archiveEncrypted', defaultMessage: 'The archive was refused: it is encrypted.' },
  largerThanSaid: {
    id: 'imports.refused.largerThanSaid',
    defaultMessage: 'The archive was refused: the entry {name} is larger than it says.',
  },
  nameTwice: { id: 'imports.refused.nameTwice', defaultMessage: 'The archive was refused: the name {name} appears twice.' },
  tooManyFiles: { id: 'imports.refused.tooManyFiles', defaultMessage: 'The archive was refused: it holds more than {max, number} files.' },
  tooLarge: { id: 'imports.refused.tooLarge', defaultMessage: 'The archive was refused: it is larger than any import may be.' },
  zipBomb: {
    id: 'imports.refused.zipBomb',
    defaultMessage: 'The archive was refused: the entry {name} is a zip bomb (it inflates more than {ratio} times).',
  },
  entryLink: { id: 'imports.refused.entryLink', defaultMessage: 'The archive was refused: the entry {name} is a symbolic link.' },
  entryEncrypted: { id: 'imports.refused.entryEncrypted', defaultMessage: 'The archive was refused: the entry {name} is encrypted.' },
  oddPath: { id: 'imports.refused.oddPath', defaultMessage: 'The archive was refused: the entry {name} has an odd path.' },
  folderLink: { id: 'imports.refused.folderLink', defaultMessage: 'The folder was refused: {name} is a symbolic link.' },
  folderOddFile: { id: 'imports.refused.folderOddFile', defaultMessage: 'The folder was refused: {name} is not a regular file.' },
  folderOutside: { id: 'imports.refused.folderOutside', defaultMessage: 'The folder was refused: {name} is outside it.' },
  metadataTooLarge: { id: 'imports.refused.metadataTooLarge', defaultMessage: 'The archive was refused: its heirloom.json is too large.' },
  metadataNotJson: {
    id: 'imports.refused.metadataNotJson',
    defaultMessage: 'The archive was refused: its heirloom.json is not valid JSON.',
  },
  metadataFormat: {
    id: 'imports.refused.metadataFormat',
    defaultMessage: 'The archive was refused: heirloom.json does not follow the export format ({issue}).',
  },
  fileTooLarge: { id: 'imports.refused.fileTooLarge', defaultMessage: 'The file is larger than heirloom keeps.' },
  fileDamaged: { id: 'imports.refused.fileDamaged', defaultMessage: 'The file is damaged in the archive.' },
});

export const refusal = (message: keyof typeof ARCHIVE_REFUSALS, values?: Record<string, string | number>): Sentence =>
  sentence(ARCHIVE_REFUSALS[message], values);
