import { Download, Printer, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { activeIntl } from '@web/lib/i18n/language-store';
import type { SheetVerifier, VerifierSheetsInput } from '../verifier-sheet-words';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Whether this browser can hand a PDF to the owner's own mail or messaging app (the Web Share API with files). */
function canShareFiles(): boolean {
  try {
    return (
      typeof navigator.canShare === 'function' && navigator.canShare({ files: [new File([''], 'sheet.pdf', { type: 'application/pdf' })] })
    );
  } catch {
    return false;
  }
}

const sheetError = () =>
  toast({
    variant: 'destructive',
    title: activeIntl().formatMessage({ id: 'legacy.codesDialog.errorTitle', defaultMessage: 'Error' }),
    description: activeIntl().formatMessage({
      id: 'legacy.codesDialog.failed',
      defaultMessage: 'The verifier sheets could not be made in this browser.',
    }),
  });

async function downloadSheets(input: VerifierSheetsInput) {
  // pdf-lib and the QR encoder load only when a sheet is made
  const { downloadPdf, makeVerifierSheets, sheetsFileName } = await import('../verifier-sheets');
  downloadPdf(await makeVerifierSheets(input), sheetsFileName(input.ownerName));
}

async function downloadSheet(input: VerifierSheetsInput, verifier: SheetVerifier) {
  const { downloadPdf, makeVerifierSheet } = await import('../verifier-sheets');
  const { bytes, fileName } = await makeVerifierSheet(input, verifier);
  downloadPdf(bytes, fileName);
}

async function shareSheet(input: VerifierSheetsInput, verifier: SheetVerifier) {
  const { makeVerifierSheet } = await import('../verifier-sheets');
  const { bytes, fileName, title } = await makeVerifierSheet(input, verifier);
  const file = new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type: 'application/pdf' });
  try {
    await navigator.share({ files: [file], title });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) throw error; // the owner changed their mind
  }
}

/**
 * The codes, shown once: each verifier's in groups, the sheets to print, and per verifier a sheet to share from
 * the owner's own apps. Closing the dialog forgets them; nothing here is sent to heirloom (decision 075).
 */
export function VerifierCodesDialog({ sheets, onClose }: { sheets: VerifierSheetsInput | null; onClose: () => void }) {
  const intl = useIntl();
  const [canShare] = useState(canShareFiles);
  const run = (work: () => Promise<void>) => () => void work().catch(sheetError);

  return (
    <Dialog open={sheets !== null} onOpenChange={(open) => !open && onClose()}>
      {/* the codes are shown only this once: a click beside the dialog must not throw them away */}
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'legacy.codesDialog.title', defaultMessage: 'Codes for your verifiers' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'legacy.codesDialog.description',
              defaultMessage:
                'Print the sheets or write the codes down now. heirloom does not keep these codes; if they are lost, make new ones.',
            })}
          </DialogDescription>
        </DialogHeader>
        {sheets && (
          <>
            <ul aria-label={intl.formatMessage({ id: 'legacy.codesDialog.list', defaultMessage: 'Verifier codes' })} className="grid gap-3">
              {sheets.verifiers.map((verifier) => (
                <li key={verifier.number} aria-label={verifier.name} className="grid gap-2 rounded-lg border p-3">
                  <p className="text-sm">
                    <span className="font-medium">{verifier.name}</span>
                    <span className="text-muted-foreground">{` · ${intl.formatMessage({ id: 'legacy.codesDialog.numberOf', defaultMessage: 'verifier {number} of {count}' }, { number: String(verifier.number), count: String(sheets.shareCount) })}`}</span>
                  </p>
                  <div
                    role="group"
                    aria-label={intl.formatMessage(
                      { id: 'legacy.codesDialog.codeOf', defaultMessage: '{name}’s verifier code' },
                      { name: verifier.name },
                    )}
                    className="flex flex-wrap gap-x-3 gap-y-1 font-mono text-lg font-semibold tracking-wider"
                  >
                    {verifier.code.split('-').map((group, i) => (
                      <span key={i}>{group}</span>
                    ))}
                  </div>
                  <div>
                    {canShare ? (
                      <Button variant="outline" size="sm" onClick={run(() => shareSheet(sheets, verifier))}>
                        <Share2 aria-hidden="true" />
                        {intl.formatMessage({ id: 'legacy.codesDialog.share', defaultMessage: 'Share this sheet' })}
                        <span className="sr-only">{` ${intl.formatMessage({ id: 'legacy.codesDialog.shareWith', defaultMessage: 'with {name}' }, { name: verifier.name })}`}</span>
                      </Button>
                    ) : (
                      <Button variant="outline" size="sm" onClick={run(() => downloadSheet(sheets, verifier))}>
                        <Download aria-hidden="true" />
                        {intl.formatMessage({ id: 'legacy.codesDialog.download', defaultMessage: 'Download this sheet' })}
                        <span className="sr-only">{` ${intl.formatMessage({ id: 'legacy.codesDialog.downloadFor', defaultMessage: 'for {name}' }, { name: verifier.name })}`}</span>
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage({
                id: 'legacy.codesDialog.hint',
                defaultMessage:
                  'The last character of each group is a check character, so a mistake in copying a code shows when it is typed. Hand each verifier their own sheet, on paper if you can; heirloom does not send them.',
              })}
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={run(() => downloadSheets(sheets))}>
                <Printer aria-hidden="true" />
                {intl.formatMessage({ id: 'legacy.codesDialog.print', defaultMessage: 'Print the verifier sheets' })}
              </Button>
              <Button onClick={onClose}>{intl.formatMessage({ id: 'legacy.codesDialog.done', defaultMessage: 'Done' })}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
