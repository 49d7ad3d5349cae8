// The verifier sheets (issue 32, decision 075): one printable page per verifier with their code, made in this
// browser the way the Legacy Kit is, so a verifier code never travels to the server.
import { PDFDocument } from 'pdf-lib';
import type { IntlShape } from 'react-intl';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import type { PdfText } from '@web/lib/pdf-text';
import { drawQr, embedKitFonts, loadKitFonts, paragraphWriter, type KitFonts } from './legacy-kit';
import { readerIntl } from './reader-intl';
import { codesNeeded, sheetInstructions, type SheetVerifier, type VerifierSheetsInput } from './verifier-sheet-words';

const SHEET = defineMessages({
  heading: { id: 'legacy.sheet.heading', defaultMessage: 'heirloom verifier sheet' },
  forName: { id: 'legacy.sheet.forName', defaultMessage: 'For {name}' },
  numberOf: { id: 'legacy.sheet.numberOf', defaultMessage: 'Verifier {number} of {count} in {owner}’s plan' },
  yourCode: { id: 'legacy.sheet.yourCode', defaultMessage: 'Your verifier code' },
  heirNeeds: { id: 'legacy.sheet.heirNeeds', defaultMessage: 'The heir needs {codes}, and their own key code.' },
  titleOne: { id: 'legacy.sheet.titleOne', defaultMessage: 'Verifier sheet for {name}' },
  titleAll: { id: 'legacy.sheet.titleAll', defaultMessage: 'Verifier sheets of {owner}’s plan' },
  fileAll: { id: 'legacy.sheet.fileAll', defaultMessage: 'Verifier sheets - {owner}.pdf' },
  fileOne: { id: 'legacy.sheet.fileOne', defaultMessage: 'Verifier sheet - {name}.pdf' },
});

type Faces = Awaited<ReturnType<typeof embedKitFonts>>['faces'];

async function addSheet(pdf: PDFDocument, faces: Faces, writer: PdfText, input: VerifierSheetsInput, verifier: SheetVerifier) {
  const intl = await readerIntl(verifier.language);
  const margin = 56;
  const { state, text } = paragraphWriter(writer, pdf.addPage([595.28, 841.89]), margin);

  await text(intl.formatMessage(SHEET.heading), faces.regular, 12, 10);
  await text(intl.formatMessage(SHEET.forName, { name: verifier.name }), faces.bold, 24, 6);
  const numberOf = { number: String(verifier.number), count: String(input.shareCount), owner: input.ownerName };
  await text(intl.formatMessage(SHEET.numberOf, numberOf), faces.regular, 13, 16);
  await text(intl.formatMessage(SHEET.yourCode), faces.bold, 11, 8);
  const groups = verifier.code.split('-');
  await text(groups.slice(0, 5).join('  '), faces.mono, 20, 6);
  await text(groups.slice(5).join('  '), faces.mono, 20, 8);
  const codes = codesNeeded(input.threshold, input.shareCount, intl);
  await text(intl.formatMessage(SHEET.heirNeeds, { codes }), faces.regular, 11, 6);

  const qrSize = 130;
  drawQr(state.page, verifier.code, margin - 12, state.y - qrSize, qrSize);
  state.y -= qrSize + 8;

  const instructions = sheetInstructions(input, verifier, intl);
  for (let i = 0; i < instructions.length; i += 2) {
    await text(instructions[i]!, faces.bold, 12, 3);
    await text(instructions[i + 1]!, faces.regular, 10.5, 9);
  }
}

/** An A4 PDF with one page per verifier (or only the verifiers given). */
export async function makeVerifierSheets(input: VerifierSheetsInput, fonts?: KitFonts): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const intl = input.verifiers.length === 1 ? await readerIntl(input.verifiers[0]!.language) : activeIntl();
  pdf.setTitle(
    input.verifiers.length === 1
      ? intl.formatMessage(SHEET.titleOne, { name: input.verifiers[0]!.name })
      : intl.formatMessage(SHEET.titleAll, { owner: input.ownerName }),
  );
  pdf.setCreator('heirloom');
  const { faces, writer } = await embedKitFonts(pdf, fonts ?? (await loadKitFonts()));
  for (const verifier of input.verifiers) await addSheet(pdf, faces, writer, input, verifier);
  return pdf.save();
}

const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '');
/** The file of every sheet, for the owner to print: named in the owner's language. */
export const sheetsFileName = (ownerName: string, intl: IntlShape = activeIntl()) =>
  intl.formatMessage(SHEET.fileAll, { owner: safeName(ownerName) });

/** One verifier's sheet, to share with them or download for them: its file name and title are in their language too. */
export async function makeVerifierSheet(input: VerifierSheetsInput, verifier: SheetVerifier, fonts?: KitFonts) {
  const intl = await readerIntl(verifier.language);
  return {
    bytes: await makeVerifierSheets({ ...input, verifiers: [verifier] }, fonts),
    fileName: intl.formatMessage(SHEET.fileOne, { name: safeName(verifier.name) }),
    title: intl.formatMessage(SHEET.titleOne, { name: verifier.name }),
  };
}

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
