// The Legacy Kit: one printable page for an heir, made in this browser so the key code never travels again.
import fontkit from '@pdf-lib/fontkit';
import sansBoldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import sansUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import monoBoldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf?url';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { create as createQr } from 'qrcode';
import type { IntlShape } from 'react-intl';
import { activeIntl } from '@web/lib/i18n/language-store';
import { cjkFallback } from '@web/lib/pdf-fonts';
import { type Face, type FallbackFonts, PdfText } from '@web/lib/pdf-text';
import { FIRST_DAY, KIT } from './kit-messages';
import { listOf, readerIntl } from './reader-intl';

export interface LegacyKitInput {
  heirName: string;
  /** Whose archive it is: the owner who made the code. */
  ownerName: string;
  /** Whether something is already released to this heir, so the kit opens something today. */
  somethingReleased: boolean;
  /** The instance's address, e.g. https://heirloom.example.org */
  origin: string;
  keyCode: string;
  /** For the "First 24 hours" page, when the owner keeps sealed copies outside heirloom (decision 076). */
  firstDay?: FirstDayInput;
  /** The heir's language (their contact's); null or absent: the owner's own. */
  language?: string | null;
}

/** Where the heir's sealed copies are and who can help open them, for the kit's second page. */
export interface FirstDayInput {
  /** The owner's bucket for sealed copies, or null when there are only copies on a USB stick. */
  bucket: { endpoint: string; bucket: string; prefix: string | null } | null;
  /** The name of this heir's copy in the bucket, when it has been written. */
  objectKey: string | null;
  /** The verifiers' names, as the owner knows them. */
  verifiers: string[];
  /** How many verifier codes open a copy. */
  codesNeeded: number;
}

/** The "First 24 hours" page: headings and their text (paragraphs split by \n), in order, for the heir on the worst day. */
export function firstDayText(input: LegacyKitInput & { firstDay: FirstDayInput }, intl: IntlShape = activeIntl()): string[] {
  const { ownerName: owner, origin, firstDay } = input;
  const k = firstDay.codesNeeded;
  const verifiers =
    firstDay.verifiers.length > 0 ? listOf(intl, firstDay.verifiers, 'conjunction') : intl.formatMessage(FIRST_DAY.theyNamed);
  const { bucket } = firstDay;
  const where = bucket
    ? intl.formatMessage(FIRST_DAY.inBucket, {
        endpoint: bucket.endpoint,
        bucket: bucket.bucket,
        withFolder: bucket.prefix ? 'yes' : 'no',
        folder: bucket.prefix ?? '',
        withFile: firstDay.objectKey ? 'yes' : 'no',
        file: firstDay.objectKey ?? '',
      })
    : intl.formatMessage(FIRST_DAY.onUsb);
  return [
    intl.formatMessage(FIRST_DAY.title),
    intl.formatMessage(FIRST_DAY.intro, { owner }),
    intl.formatMessage(FIRST_DAY.whileTitle),
    intl.formatMessage(FIRST_DAY.while, { address: `${origin}/legacy`, verifiers }),
    intl.formatMessage(FIRST_DAY.whereTitle),
    [intl.formatMessage(FIRST_DAY.whereIntro, { owner }), where, intl.formatMessage(FIRST_DAY.nobodyAlone)].join(' '),
    intl.formatMessage(FIRST_DAY.whoTitle),
    intl.formatMessage(FIRST_DAY.who, { verifiers, count: k }),
    intl.formatMessage(FIRST_DAY.openingTitle),
    [
      intl.formatMessage(FIRST_DAY.step1),
      intl.formatMessage(FIRST_DAY.step2),
      intl.formatMessage(FIRST_DAY.step3, { count: k }),
      intl.formatMessage(FIRST_DAY.step4),
      intl.formatMessage(FIRST_DAY.typo),
    ].join('\n'),
  ];
}

export const openingUrl = (origin: string, keyCode: string) => `${origin}/legacy?code=${encodeURIComponent(keyCode)}`;

/** Written for someone who has never heard of heirloom. */
export function kitInstructions(input: LegacyKitInput, intl: IntlShape = activeIntl()): string[] {
  const owner = input.ownerName;
  return [
    intl.formatMessage(KIT.whatTitle),
    intl.formatMessage(KIT.what, { owner, origin: input.origin, heir: input.heirName }),
    intl.formatMessage(KIT.whenTitle),
    intl.formatMessage(input.somethingReleased ? KIT.whenReleased : KIT.whenNothing, { owner }),
    intl.formatMessage(KIT.howTitle),
    intl.formatMessage(KIT.how, { address: `${input.origin}/legacy` }),
    intl.formatMessage(KIT.safeTitle),
    intl.formatMessage(KIT.safe),
  ];
}

/** The kit's typefaces as TrueType bytes: embedded (as subsets) so a name prints as it is written. */
export interface KitFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  mono: Uint8Array;
  /** For characters DejaVu lacks (CJK): fetched and embedded only when a text holds one. */
  fallback?: FallbackFonts | null;
}

/** DejaVu covers Latin with every European diacritic, Greek, Cyrillic, Arabic and Hebrew; fetched only when a kit is made. */
export async function loadKitFonts(): Promise<KitFonts> {
  const bytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
  const [regular, bold, mono] = await Promise.all([bytes(sansUrl), bytes(sansBoldUrl), bytes(monoBoldUrl)]);
  return { regular, bold, mono, fallback: cjkFallback };
}

/** The kit's three faces embedded in `pdf`, with the writer that falls back to other fonts for them. */
export async function embedKitFonts(pdf: PDFDocument, fonts: KitFonts) {
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const mono = await pdf.embedFont(fonts.mono, { subset: true });
  const faces = {
    regular: { fonts: [regular], weight: 400 },
    bold: { fonts: [bold], weight: 700 },
    mono: { fonts: [mono, bold], weight: 700 },
  } satisfies Record<string, Face>;
  return { faces, writer: new PdfText(pdf, fonts.fallback ?? null) };
}

/**
 * Draws paragraphs down an A4 page from its top margin; `page` may be moved on to a new page. The kit's words
 * are in a left-to-right language, so every paragraph is too, with right-to-left names in it ordered as such.
 */
export function paragraphWriter(writer: PdfText, page: PDFPage, margin = 56) {
  const width = page.getWidth() - margin * 2;
  const state = { page, y: page.getHeight() - margin };
  /** A paragraph: its lines 1.4 apart, then `after` points of space. */
  const text = async (value: string, face: Face, size: number, after = 4) => {
    const fonts = await writer.fontsFor(value, face);
    writer.wrap(value, fonts, size, width).forEach((line, i) => {
      state.y -= i === 0 ? size : size * 1.4;
      writer.drawLine(state.page, line, fonts, { x: margin, y: state.y, size, color: rgb(0.1, 0.1, 0.1), direction: 'ltr' });
    });
    state.y -= after;
  };
  return { state, text };
}

export function drawQr(page: PDFPage, url: string, x: number, y: number, size: number) {
  const qr = createQr(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4; // the light margin scanners need
  const cell = size / (count + quiet * 2);
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/**
 * An A4 PDF: the heir's name, the address, the key code, a QR code of the opening URL and the instructions; and,
 * with `firstDay`, a second page for the first 24 hours.
 */
export async function makeLegacyKit(input: LegacyKitInput, fonts?: KitFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const intl = await readerIntl(input.language);
  pdf.setTitle(intl.formatMessage(KIT.title, { name: input.heirName }));
  pdf.setCreator('heirloom');
  const { faces, writer } = await embedKitFonts(pdf, fonts ?? (await loadKitFonts()));
  const { regular, bold, mono } = faces;
  const margin = 56;
  const { state, text } = paragraphWriter(writer, pdf.addPage([595.28, 841.89]), margin);

  await text(intl.formatMessage(KIT.heading), regular, 12, 10);
  await text(intl.formatMessage(KIT.forName, { name: input.heirName }), bold, 24, 6);
  await text(intl.formatMessage(KIT.fromArchive, { name: input.ownerName }), regular, 13, 16);
  await text(intl.formatMessage(KIT.address), bold, 11);
  await text(`${input.origin}/legacy`, regular, 13, 14);
  await text(intl.formatMessage(KIT.keyCode), bold, 11, 8);
  const groups = input.keyCode.split('-');
  await text(groups.slice(0, 4).join('  '), mono, 20, 6);
  await text(groups.slice(4).join('  '), mono, 20, 18);

  const qrSize = 150;
  drawQr(state.page, openingUrl(input.origin, input.keyCode), margin - 12, state.y - qrSize, qrSize);
  state.y -= qrSize + 12;

  const instructions = kitInstructions(input, intl);
  for (let i = 0; i < instructions.length; i += 2) {
    await text(instructions[i]!, bold, 12, 4);
    await text(instructions[i + 1]!, regular, 11, 10);
  }

  if (input.firstDay) {
    state.page = pdf.addPage([595.28, 841.89]);
    state.y = state.page.getHeight() - margin;
    const [title, intro, ...sections] = firstDayText({ ...input, firstDay: input.firstDay }, intl);
    await text(intl.formatMessage(KIT.forName, { name: input.heirName }), regular, 12, 10);
    await text(title!, bold, 24, 8);
    await text(intro!, regular, 11, 14);
    for (let i = 0; i < sections.length; i += 2) {
      await text(sections[i]!, bold, 12, 4);
      const lines = sections[i + 1]!.split('\n');
      for (const [n, line] of lines.entries()) await text(line, regular, 11, n === lines.length - 1 ? 12 : 3);
    }
  }
  return pdf.save();
}

/** Starts the download of the kit as a file. */
export async function downloadLegacyKit(input: LegacyKitInput) {
  const bytes = await makeLegacyKit(input);
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  const intl = await readerIntl(input.language);
  link.download = intl.formatMessage(KIT.fileName, { name: input.heirName.replace(/[\\/:*?"<>|]/g, '') });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
