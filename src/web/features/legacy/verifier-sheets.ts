// The verifier sheets (issue 32, decision 075): one printable page per verifier with their code, made in this
// browser the way the Legacy Kit is, so a verifier code never travels to the server.
import { PDFDocument } from 'pdf-lib';
import type { PdfText } from '@web/lib/pdf-text';
import { drawQr, embedKitFonts, loadKitFonts, paragraphWriter, type KitFonts } from './legacy-kit';
import { codesNeeded, sheetInstructions, type SheetVerifier, type VerifierSheetsInput } from './verifier-sheet-words';

type Faces = Awaited<ReturnType<typeof embedKitFonts>>['faces'];

async function addSheet(pdf: PDFDocument, faces: Faces, writer: PdfText, input: VerifierSheetsInput, verifier: SheetVerifier) {
  const margin = 56;
  const { state, text } = paragraphWriter(writer, pdf.addPage([595.28, 841.89]), margin);

  await text('heirloom verifier sheet', faces.regular, 12, 10);
  await text(`For ${verifier.name}`, faces.bold, 24, 6);
  await text(`Verifier ${verifier.number} of ${input.shareCount} in ${input.ownerName}’s plan`, faces.regular, 13, 16);
  await text('Your verifier code', faces.bold, 11, 8);
  const groups = verifier.code.split('-');
  await text(groups.slice(0, 5).join('  '), faces.mono, 20, 6);
  await text(groups.slice(5).join('  '), faces.mono, 20, 8);
  await text(`The heir needs ${codesNeeded(input.threshold, input.shareCount)}, and their own key code.`, faces.regular, 11, 6);

  const qrSize = 130;
  drawQr(state.page, verifier.code, margin - 12, state.y - qrSize, qrSize);
  state.y -= qrSize + 8;

  const instructions = sheetInstructions(input, verifier);
  for (let i = 0; i < instructions.length; i += 2) {
    await text(instructions[i]!, faces.bold, 12, 3);
    await text(instructions[i + 1]!, faces.regular, 10.5, 9);
  }
}

/** An A4 PDF with one page per verifier (or only the verifiers given). */
export async function makeVerifierSheets(input: VerifierSheetsInput, fonts?: KitFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(
    input.verifiers.length === 1 ? `Verifier sheet for ${input.verifiers[0]!.name}` : `Verifier sheets of ${input.ownerName}’s plan`,
  );
  pdf.setCreator('heirloom');
  const { faces, writer } = await embedKitFonts(pdf, fonts ?? (await loadKitFonts()));
  for (const verifier of input.verifiers) await addSheet(pdf, faces, writer, input, verifier);
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
