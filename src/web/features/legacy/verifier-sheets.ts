// The verifier sheets (issue 32, decision 075): one printable page per verifier with their code, made in this
// browser the way the Legacy Kit is, so a verifier code never travels to the server.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { drawQr, loadKitFonts, printable, wrap, type KitFonts } from './legacy-kit';

export interface SheetVerifier {
  name: string;
  /** 1…n: the number in the code. */
  number: number;
  /** The formatted code, "7KQ4M-2ZPXA-…". */
  code: string;
}

export interface VerifierSheetsInput {
  ownerName: string;
  threshold: number;
  shareCount: number;
  /** The heirs named in the plan: the only people a verifier gives the code to. */
  heirNames: string[];
  /** Where the sealed copies are kept outside heirloom, in words, when a bucket is set. */
  bucketPlace: string | null;
  verifiers: SheetVerifier[];
}

/** "2 of the 3 verifiers' codes", said for every k and n. */
export function codesNeeded(threshold: number, shareCount: number): string {
  if (shareCount === 1) return "the verifier's code";
  if (threshold === shareCount) return shareCount === 2 ? "both verifiers' codes" : `all ${shareCount} verifiers' codes`;
  return `${threshold} of the ${shareCount} verifiers' codes`;
}

function listed(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

/** Headings and paragraphs, written for someone who has never heard of heirloom. */
export function sheetInstructions(input: VerifierSheetsInput, verifier: SheetVerifier): string[] {
  const owner = input.ownerName;
  const heirs = input.heirNames.length > 0 ? ` (${listed(input.heirNames)})` : '';
  const place = input.bucketPlace
    ? `in ${input.bucketPlace}, and on a USB stick or disk that ${owner} keeps with their will`
    : `on a USB stick or disk that ${owner} keeps with their will`;
  return [
    'What this is',
    `${owner} keeps their photos, memories, documents and letters in heirloom, a private family archive, and has made a plan for what their heirs receive after their death. ${owner} chose you, ${verifier.name}, as one of the people who confirm it. This page holds your verifier code.`,
    'While heirloom still runs',
    `You do not need this code: heirloom e-mails you a link when it needs you to confirm.`,
    'If heirloom is gone',
    `Sealed copies of what ${owner} left are kept outside heirloom: ${place}. Each copy opens only with the heir's own key code and ${codesNeeded(input.threshold, input.shareCount)}. If heirloom is gone, the heir needs your code. Give it only when you are sure ${owner} has died, and only to ${input.heirNames.length > 1 ? 'an heir' : 'the heir'} named in the plan${heirs} — never to anyone else, however urgent they say it is.`,
    'How the heir opens a copy',
    'The opener, a file ending in .html, is kept with the copies. The heir opens it in a web browser (no internet is needed) and types their key code and the verifiers’ codes, or scans the square codes with a phone camera. A typing mistake shows at once: the last character of each group is a check character.',
    'Keep it safe',
    `Keep this page with your important papers. Your code alone opens nothing. heirloom does not keep it: if it is lost, tell ${owner}, who can make new codes.`,
  ];
}

async function addSheet(pdf: PDFDocument, fonts: Record<keyof KitFonts, PDFFont>, input: VerifierSheetsInput, verifier: SheetVerifier) {
  const page = pdf.addPage([595.28, 841.89]);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const text = (value: string, font: PDFFont, size: number, after = 4) => {
    const lines = wrap(font, printable(font, value), size, width);
    lines.forEach((line, i) => {
      y -= i === 0 ? size : size * 1.4;
      page.drawText(line, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    });
    y -= after;
  };

  text('heirloom verifier sheet', fonts.regular, 12, 10);
  text(`For ${verifier.name}`, fonts.bold, 24, 6);
  text(`Verifier ${verifier.number} of ${input.shareCount} in ${input.ownerName}'s plan`, fonts.regular, 13, 16);
  text('Your verifier code', fonts.bold, 11, 8);
  const groups = verifier.code.split('-');
  text(groups.slice(0, 5).join('  '), fonts.mono, 20, 6);
  text(groups.slice(5).join('  '), fonts.mono, 20, 8);
  text(`The heir needs ${codesNeeded(input.threshold, input.shareCount)}, and their own key code.`, fonts.regular, 11, 6);

  const qrSize = 130;
  drawQr(page, verifier.code, margin - 12, y - qrSize, qrSize);
  y -= qrSize + 8;

  const instructions = sheetInstructions(input, verifier);
  for (let i = 0; i < instructions.length; i += 2) {
    text(instructions[i]!, fonts.bold, 12, 3);
    text(instructions[i + 1]!, fonts.regular, 10.5, 9);
  }
}

/** An A4 PDF with one page per verifier (or only the verifiers given). */
export async function makeVerifierSheets(input: VerifierSheetsInput, fonts?: KitFonts): Promise<Uint8Array> {
  const faces = fonts ?? (await loadKitFonts());
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(
    input.verifiers.length === 1 ? `Verifier sheet for ${input.verifiers[0]!.name}` : `Verifier sheets of ${input.ownerName}'s plan`,
  );
  pdf.setCreator('heirloom');
  const embedded = {
    regular: await pdf.embedFont(faces.regular, { subset: true }),
    bold: await pdf.embedFont(faces.bold, { subset: true }),
    mono: await pdf.embedFont(faces.mono, { subset: true }),
  };
  for (const verifier of input.verifiers) await addSheet(pdf, embedded, input, verifier);
  return pdf.save();
}

const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '');
export const sheetsFileName = (ownerName: string) => `Verifier sheets - ${safeName(ownerName)}.pdf`;
export const sheetFileName = (verifierName: string) => `Verifier sheet - ${safeName(verifierName)}.pdf`;

export function downloadPdf(bytes: Uint8Array, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
