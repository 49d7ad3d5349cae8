// The Legacy Kit: one printable page for an heir, made in this browser so the key code never travels again.
import fontkit from '@pdf-lib/fontkit';
import sansBoldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import sansUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import monoBoldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf?url';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { create as createQr } from 'qrcode';
import { cjkFallback } from '@web/lib/pdf-fonts';
import { type Face, type FallbackFonts, PdfText } from '@web/lib/pdf-text';

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

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** The "First 24 hours" page: headings and their text (paragraphs split by \n), in order, for the heir on the worst day. */
export function firstDayText(input: LegacyKitInput & { firstDay: FirstDayInput }): string[] {
  const { ownerName, origin, firstDay } = input;
  const k = firstDay.codesNeeded;
  const verifiers = firstDay.verifiers.length > 0 ? listOf(firstDay.verifiers) : 'the people they named';
  const codes = `${k} verifier ${k === 1 ? 'code' : 'codes'}`;
  const { bucket } = firstDay;
  const where = bucket
    ? `In a storage bucket: address ${bucket.endpoint}, bucket "${bucket.bucket}"${bucket.prefix ? `, folder "${bucket.prefix}"` : ''}${firstDay.objectKey ? `, file "${firstDay.objectKey}"` : ''}; whoever runs that storage can give you the file. There may also be one on a USB stick kept with the will.`
    : 'On a USB stick, if one was kept with the will: ask whoever holds the will.';
  return [
    'The first 24 hours',
    `Read this when ${ownerName} has died. Nothing needs doing in a hurry: what ${ownerName} left you is kept safe, in more than one place.`,
    'While heirloom still works',
    `If ${origin}/legacy still opens, use it: enter your key code there. ${verifiers} confirm what happened on their own pages; then what was left to you opens, and you get an e-mail.`,
    'Where the sealed copies are',
    `${ownerName} also keeps a sealed copy of what is yours outside heirloom, so that it survives if heirloom stops. It is a file whose name ends in .heirloom-escrow. ${where} Nobody can open it alone: not whoever keeps it, and not you without the verifiers.`,
    'Who the verifiers are',
    `${verifiers}. ${k === 1 ? 'One of them is' : `Any ${k} of them are`} needed. Each has a sheet with their verifier code, and gives it to you only once they are sure.`,
    'Opening a copy when heirloom is gone',
    [
      '1. Get the opener: the file open-heirloom-bundle.html, kept beside the copies.',
      '2. Get your sealed copy (the .heirloom-escrow file).',
      `3. Have your key code, on the first page, and ${codes} from the verifiers.`,
      '4. Open the opener in a browser, on a computer or a phone: no internet is needed. Choose the copy and type the codes. The photos, memories and letters appear, and "Save all files" keeps them.',
      'If a code has a typo or a copy is damaged, the page says which: then try the other copy.',
    ].join('\n'),
  ];
}

export const openingUrl = (origin: string, keyCode: string) => `${origin}/legacy?code=${encodeURIComponent(keyCode)}`;

/** Written for someone who has never heard of heirloom. */
export function kitInstructions(input: LegacyKitInput): string[] {
  const address = `${input.origin}/legacy`;
  return [
    'What this is',
    `${input.ownerName} keeps their photos, memories, documents and letters in heirloom, a private family archive at ${input.origin}. ${input.ownerName} chose to pass some of it on to you, ${input.heirName}, and this page is your key.`,
    'When it opens',
    input.somethingReleased
      ? `Something is already released to you: you can open it now. More may follow later, for example after ${input.ownerName}'s death, once people they trust have confirmed it, or on a date or birthday they chose; you will receive an e-mail when that happens.`
      : `Nothing is released to you yet. It opens only after something is released to you: for example after ${input.ownerName}'s death, once people they trust have confirmed it, or on a date or birthday they chose. You will receive an e-mail when that happens.`,
    'How to open it',
    `Visit ${address} in a web browser, or scan the square code with a phone camera, and enter the key code below. You do not need an account.`,
    'Keep it safe',
    'Keep this page somewhere safe, like other important papers. Anyone who has the key code can open what is released to it, and letters sealed for you can only be opened with it: if it is lost, they cannot be opened.',
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
  pdf.setTitle(`Legacy Kit for ${input.heirName}`);
  pdf.setCreator('heirloom');
  const { faces, writer } = await embedKitFonts(pdf, fonts ?? (await loadKitFonts()));
  const { regular, bold, mono } = faces;
  const margin = 56;
  const { state, text } = paragraphWriter(writer, pdf.addPage([595.28, 841.89]), margin);

  await text('heirloom Legacy Kit', regular, 12, 10);
  await text(`For ${input.heirName}`, bold, 24, 6);
  await text(`From the archive of ${input.ownerName}`, regular, 13, 16);
  await text('Address', bold, 11);
  await text(`${input.origin}/legacy`, regular, 13, 14);
  await text('Key code', bold, 11, 8);
  const groups = input.keyCode.split('-');
  await text(groups.slice(0, 4).join('  '), mono, 20, 6);
  await text(groups.slice(4).join('  '), mono, 20, 18);

  const qrSize = 150;
  drawQr(state.page, openingUrl(input.origin, input.keyCode), margin - 12, state.y - qrSize, qrSize);
  state.y -= qrSize + 12;

  const instructions = kitInstructions(input);
  for (let i = 0; i < instructions.length; i += 2) {
    await text(instructions[i]!, bold, 12, 4);
    await text(instructions[i + 1]!, regular, 11, 10);
  }

  if (input.firstDay) {
    state.page = pdf.addPage([595.28, 841.89]);
    state.y = state.page.getHeight() - margin;
    const [title, intro, ...sections] = firstDayText({ ...input, firstDay: input.firstDay });
    await text(`For ${input.heirName}`, regular, 12, 10);
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
  link.download = `Legacy Kit - ${input.heirName.replace(/[\\/:*?"<>|]/g, '')}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
