import { Download, KeyRound } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Heir } from '@shared/schemas/legacy';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { capabilitiesQuery } from '@web/lib/capabilities';
import { heirPublicKey } from '@shared/sealed-letter';
import { useMakeKeyCode, useOwnerName, useReleases, useSetPublicKey } from '../api';
import { firstDayFor } from '../first-day';
import { useIntl } from '@web/lib/i18n/use-intl';

type Made = { code: string; uploaded: boolean };

/**
 * "Make key code": the server makes the code and shows it once; this browser derives the heir's public key
 * from it and uploads that, so letters can be sealed for the heir. The code lives only in this dialog.
 */
export function KeyCodeButton({ heir }: { heir: Heir }) {
  const intl = useIntl();
  const [made, setMade] = useState<Made | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const makeKeyCode = useMakeKeyCode();
  const setPublicKey = useSetPublicKey();
  const releases = useReleases();
  const ownerName = useOwnerName();
  const queryClient = useQueryClient();

  async function upload(code: string) {
    setUploadError(null);
    try {
      await setPublicKey.mutateAsync({ heirId: heir.id, publicKey: await heirPublicKey(code) });
      // the dialog may have been closed meanwhile: never reopen it
      setMade((current) => (current?.code === code ? { code, uploaded: true } : current));
    } catch (error) {
      setUploadError(
        errorMessage(
          error,
          intl.formatMessage({
            id: 'legacy.keyCode.uploadFailed',
            defaultMessage: 'The key code was made, but its lock for sealed letters could not be saved.',
          }),
        ),
      );
    }
  }

  function make() {
    makeKeyCode.mutate(heir.id, {
      onSuccess: ({ keyCode }) => {
        setMade({ code: keyCode, uploaded: false });
        void upload(keyCode);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.keyCode.makeFailed', defaultMessage: 'Failed to make the key code' }),
          description: errorMessage(error, intl.formatMessage({ id: 'legacy.keyCode.error', defaultMessage: 'An error occurred' })),
        }),
    });
  }

  async function download(code: string) {
    try {
      // pdf-lib and the QR encoder load only when a kit is made
      const { downloadLegacyKit } = await import('../legacy-kit');
      // the instance's address (PUBLIC_URL), not this browser's: the owner may be at home on http://localhost
      const { publicUrl } = await queryClient.ensureQueryData(capabilitiesQuery);
      const firstDay = await firstDayFor(await heirPublicKey(code)).catch(() => undefined);
      await downloadLegacyKit({
        heirName: heir.name,
        ownerName,
        language: heir.language,
        somethingReleased: (releases.data ?? []).some(
          (r) => r.heirId === heir.id && r.condition !== 'now' && r.releasedAt !== null && new Date(r.releasedAt) <= new Date(),
        ),
        origin: publicUrl,
        keyCode: code,
        firstDay,
      });
    } catch {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'legacy.keyCode.errorTitle', defaultMessage: 'Error' }),
        description: intl.formatMessage({
          id: 'legacy.keyCode.kitFailed',
          defaultMessage: 'The Legacy Kit could not be made in this browser.',
        }),
      });
    }
  }

  return (
    <>
      {heir.hasKeyCode ? (
        <ConfirmDialog
          title={intl.formatMessage(
            { id: 'legacy.keyCode.newTitle', defaultMessage: 'Make a new key code for {name}?' },
            { name: heir.name },
          )}
          text={intl.formatMessage({
            id: 'legacy.keyCode.newText',
            defaultMessage:
              'The old code stops working, and letters already sealed with it can no longer be opened. Give the new code to the heir.',
          })}
          confirmLabel={intl.formatMessage({ id: 'legacy.keyCode.new', defaultMessage: 'Make a new key code' })}
          onConfirm={make}
          trigger={
            <Button variant="outline" size="sm" disabled={makeKeyCode.isPending}>
              <KeyRound aria-hidden="true" />
              {intl.formatMessage({ id: 'legacy.keyCode.new', defaultMessage: 'Make a new key code' })}
            </Button>
          }
        />
      ) : (
        <Button size="sm" disabled={makeKeyCode.isPending} onClick={make}>
          <KeyRound aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.keyCode.make', defaultMessage: 'Make key code' })}
        </Button>
      )}
      <Dialog open={made !== null} onOpenChange={(open) => !open && setMade(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {intl.formatMessage({ id: 'legacy.keyCode.title', defaultMessage: '{name}’s key code' }, { name: heir.name })}
            </DialogTitle>
            <DialogDescription>
              {intl.formatMessage({
                id: 'legacy.keyCode.description',
                defaultMessage: 'Write it down or print the Legacy Kit now — heirloom cannot show it again.',
              })}
            </DialogDescription>
          </DialogHeader>
          {made && (
            <>
              <div
                role="group"
                aria-label={intl.formatMessage({ id: 'legacy.keyCode.label', defaultMessage: 'Key code' })}
                className="flex flex-wrap justify-center gap-x-3 gap-y-2 rounded-lg border bg-muted/40 p-4 font-mono text-2xl font-semibold tracking-wider"
              >
                {made.code.split('-').map((group, i) => (
                  <span key={i}>{group}</span>
                ))}
              </div>
              <p className="text-sm text-muted-foreground">
                {intl.formatMessage(
                  {
                    id: 'legacy.keyCode.giveIt',
                    defaultMessage: 'Give it to {name} on paper. Anyone with the code can open what is released to it.',
                  },
                  { name: heir.name },
                )}
              </p>
              {uploadError && (
                <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
                  {uploadError}
                  <Button variant="outline" size="sm" onClick={() => void upload(made.code)} disabled={setPublicKey.isPending}>
                    {intl.formatMessage({ id: 'legacy.keyCode.tryAgain', defaultMessage: 'Try again' })}
                  </Button>
                </div>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => void download(made.code)}>
                  <Download aria-hidden="true" />
                  {intl.formatMessage({ id: 'legacy.keyCode.download', defaultMessage: 'Download Legacy Kit (PDF)' })}
                </Button>
                <Button onClick={() => setMade(null)} disabled={!made.uploaded && !uploadError}>
                  {intl.formatMessage({ id: 'legacy.keyCode.done', defaultMessage: 'Done' })}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
