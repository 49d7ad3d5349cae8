// The verifier sheets (issue 32, decision 075): one printable page per verifier with their code, made in this
// browser the way the Legacy Kit is, so a verifier code never travels to the server.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { drawQr, loadKitFonts, printable, wrap, type KitFonts } from './legacy-kit';
import { codesNeeded, sheetInstructions, type SheetVerifier, type VerifierSheetsInput } from './verifier-sheet-words';

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
  text(`Verifier ${verifier.number} of ${input.shareCount} in ${input.ownerName}’s plan`, fonts.regular, 13, 16);
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
    input.verifiers.length === 1 ? `Verifier sheet for ${input.verifiers[0]!.name}` : `Verifier sheets of ${input.ownerName}’s plan`,
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
