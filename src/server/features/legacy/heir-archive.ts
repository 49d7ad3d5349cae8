// What one heir receives as archive files: the one way to build it (decisions 028, 046, 054, 074). The heir's
// "Download everything" passes what is released today; the sealed escrow copy passes everything that will be.
// Each grant becomes a collection (places only where its grant kept them), with the letters beside it in
// letters/ (not part of heirloom.json): plain ones as pages, sealed ones still sealed, with their opener. The
// README, the letters and the archive's title are written in the heir's language: their contact's, else the owner's.
import { Readable } from 'node:stream';
import type { LetterAudio, SealedLetter } from '@shared/schemas/legacy';
import { defineMessages } from '../../lib/define-messages';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { isHeif } from '../../lib/images';
import type { ExportDataset } from '../exports/exports.service';
import type { ShareGrant, SharedViewService } from '../shared-view/shared-view.service';
import { lettersFolder, type FolderLetter, type LetterFile } from './letters-folder';
import type { LegacyRepo } from './legacy.repo';

export interface HeirParcel {
  heir: {
    id: number;
    userId: number;
    firstName: string;
    lastName: string;
    ownerName: string;
    /** The heir's contact's language; null: the owner's. */
    language: string | null;
    ownerLanguage: string | null;
  };
  /** The heir's letters to include, each with the date it is shown as released on. */
  letters: Array<{ id: number; releasedAt: Date | null }>;
  /** The grants to include, each as a collection named `title`. */
  grants: Array<{ grant: ShareGrant; title: string }>;
}

const messages = defineMessages({
  title: { id: 'letterOpener.archive.title', defaultMessage: 'What {owner} left for {heir}' },
  readmeTitle: { id: 'letterOpener.readme.title', defaultMessage: 'What {owner} left for {heir}.' },
  openIndex: {
    id: 'letterOpener.readme.openIndex',
    defaultMessage: 'Open index.html in any browser to see it: no internet connection and no heirloom server are needed.',
  },
  letters: { id: 'letterOpener.readme.letters', defaultMessage: 'letters/ holds the letters: open letters/index.html to read them.' },
  sealedOpens: {
    id: 'letterOpener.readme.sealedOpens',
    defaultMessage: 'A sealed letter opens with your key code in letters/open-sealed.html, in your browser, on this computer.',
  },
  sealedKept: { id: 'letterOpener.readme.sealedKept', defaultMessage: 'It is also kept as it was sealed (letters/*.sealed.json).' },
  originals: { id: 'letterOpener.readme.originals', defaultMessage: 'originals/ holds every file as it was uploaded.' },
  manifest: {
    id: 'letterOpener.readme.manifest',
    defaultMessage: 'manifest.json lists the size and sha256 of every file, so the archive can be checked years from now.',
  },
});

const nameOf = (h: { firstName: string; lastName: string }) => `${h.firstName} ${h.lastName}`.trim();

export function createHeirArchive({ repo, shared, now }: { repo: LegacyRepo; shared: SharedViewService; now: () => Date }) {
  /** A plain letter's photos as the heir's page hands them out, without places; one that is gone or not ready stays out. */
  async function letterPhotos(heir: HeirParcel['heir'], photoIds: number[]): Promise<LetterFile[]> {
    const titles = new Map((await repo.photoTitles(heir.userId, photoIds)).map((p) => [p.id, p.title]));
    const files: LetterFile[] = [];
    for (const id of photoIds.filter((photoId) => titles.has(photoId))) {
      const access = { grant: shared.photoOfOwner(heir.userId, heir.ownerName, id), base: '' };
      // a photo gone since, a video with no playable copy, a HEIC copy not made yet: left out, not a broken zip
      const photoFile = (size: 'download' | 'display') =>
        shared.photoFile(access, id, size).catch((err: unknown) => {
          if (err instanceof AppError) return undefined;
          throw err;
        });
      const original = await photoFile('download');
      // a letter is a page a browser opens: a HEIC (which browsers cannot show) goes as its display JPEG
      const file = original && isHeif(original.mimeType) ? await photoFile('display') : original;
      if (!file) continue;
      files.push({
        name: file.fileName ?? `photo ${id}`,
        mimeType: file.mimeType,
        title: titles.get(id),
        size: file.size,
        open: async () => {
          const body = await file.open();
          return Buffer.isBuffer(body) ? Readable.from([body]) : body;
        },
      });
    }
    return files;
  }

  return async function heirDataset({ heir, letters: wanted, grants }: HeirParcel): Promise<ExportDataset> {
    const heirName = nameOf(heir);
    const intl = translator(heir.language ?? heir.ownerLanguage);
    const names = { owner: heir.ownerName, heir: heirName };
    const archive = shared.datasetBuilder({
      scope: 'legacy',
      title: intl.formatMessage(messages.title, names),
      ownerName: heir.ownerName,
    });
    const releasedAt = new Map(wanted.map((l) => [l.id, l.releasedAt]));
    const rows = await repo.lettersOf(heir.id, heir.userId, [...releasedAt.keys()]);
    const sealedAny = rows.some((l) => l.sealed);
    const readme = [
      intl.formatMessage(messages.readmeTitle, names),
      '',
      intl.formatMessage(messages.openIndex),
      ...(rows.length > 0 ? [intl.formatMessage(messages.letters)] : []),
      ...(sealedAny ? [intl.formatMessage(messages.sealedOpens), intl.formatMessage(messages.sealedKept)] : []),
      intl.formatMessage(messages.originals),
      intl.formatMessage(messages.manifest),
      '',
    ].join('\n');
    archive.addFile({ path: 'README.txt', mtime: now(), compress: true, open: async () => Readable.from([Buffer.from(readme, 'utf8')]) });
    if (rows.length > 0) {
      const letters: FolderLetter[] = [];
      for (const l of rows) {
        const sealed = (l.sealed as SealedLetter | null) ?? null;
        const photos = sealed ? [] : await letterPhotos(heir, l.photoIds);
        const recordings = (l.attachments as LetterAudio[]).map((file) => {
          const bytes = Buffer.from(file.data, 'base64');
          return { name: file.name, mimeType: file.type, size: bytes.length, open: async () => Readable.from([bytes]) };
        });
        letters.push({ title: l.title, releasedAt: releasedAt.get(l.id) ?? null, body: l.body, sealed, files: [...photos, ...recordings] });
      }
      for (const file of await lettersFolder({ ownerName: heir.ownerName, heirName, now: now(), language: intl.locale }, letters))
        archive.addFile(file);
    }
    for (const { grant, title } of grants) await archive.add(grant, true, title);
    return archive.dataset();
  };
}
