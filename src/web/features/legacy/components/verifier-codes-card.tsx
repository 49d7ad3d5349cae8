import { KeySquare } from 'lucide-react';
import { useState } from 'react';
import type { EscrowTarget, ReleaseKey } from '@shared/schemas/escrow';
import type { LegacyPlan } from '@shared/schemas/legacy';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useHeirs, useLegacyPlan, useOwnerName } from '../api';
import { useEscrowSettings, useReleaseKey, useSetReleaseKey } from '../escrow-api';
import { codesNeeded, type SheetBucket, type VerifierSheetsInput } from '../verifier-sheet-words';
import { formatDay } from '../wording';
import { VerifierCodesDialog } from './verifier-codes-dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Where the sheets say the copies are kept; the access keys are never printed. */
const sheetBucket = (target: EscrowTarget | null | undefined): SheetBucket | null =>
  target ? { bucket: target.bucket, endpoint: target.endpoint, prefix: target.prefix } : null;

function KeyState({ releaseKey }: { releaseKey: ReleaseKey }) {
  const intl = useIntl();
  if (releaseKey.outdated)
    return (
      <Alert variant="destructive">
        <AlertDescription>{releaseKey.outdated}</AlertDescription>
      </Alert>
    );
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {intl.formatMessage(
        { id: 'legacy.codesCard.made', defaultMessage: 'Codes made {date} for {names} (key {keyId}); {codes} are needed.' },
        {
          date: formatDay(releaseKey.createdAt),
          names: releaseKey.verifiers.map((v) => v.name).join(', '),
          keyId: String(releaseKey.keyId),
          codes: codesNeeded(releaseKey.threshold, releaseKey.shareCount),
        },
      )}
    </p>
  );
}

function explanation(plan: LegacyPlan) {
  const needed = codesNeeded(plan.verifiersRequired, plan.verifiers.length);
  return activeIntl().formatMessage(
    {
      id: 'legacy.codesCard.explanation',
      defaultMessage:
        'Sealed copies of what you leave are kept outside heirloom, so your heirs can open them even if heirloom is gone. A copy opens only with the heir’s key code and {needed}: nobody can open one alone, not even an heir too early. Your browser makes the codes; heirloom keeps only a lock they fit.',
    },
    { needed },
  );
}

/** After Life: the release key's ceremony (decision 075): made in this browser, shown once, printed, forgotten. */
export function VerifierCodesCard() {
  const intl = useIntl();
  const plan = useLegacyPlan();
  const releaseKey = useReleaseKey();
  const heirs = useHeirs();
  const escrow = useEscrowSettings();
  const ownerName = useOwnerName();
  const setReleaseKey = useSetReleaseKey();
  const [sheets, setSheets] = useState<VerifierSheetsInput | null>(null);
  const [making, setMaking] = useState(false);

  if (!plan.data || plan.data.verifiers.length === 0) return null;
  const current = plan.data;

  async function make() {
    setMaking(true);
    try {
      const { makeReleaseKey } = await import('@shared/escrow/release-key');
      const key = await makeReleaseKey(current.verifiersRequired, current.verifiers.length);
      const { releaseKey: saved } = await setReleaseKey.mutateAsync({
        publicKey: key.publicKey,
        threshold: key.threshold,
        shareCount: key.shares,
      });
      if (saved?.publicKey !== key.publicKey) throw new Error('The new release key was not kept.');
      setSheets({
        ownerName,
        threshold: saved.threshold,
        shareCount: saved.shareCount,
        heirNames: (heirs.data ?? []).map((h) => h.name),
        bucketPlace: sheetBucket(escrow.data?.target),
        verifiers: saved.verifiers.map((v) => ({
          name: v.name,
          number: v.codeNumber,
          code: key.codes[v.codeNumber - 1]!,
          // each sheet is printed in its verifier's language
          language: current.verifiers.find((p) => p.contactId === v.contactId)?.language ?? null,
        })),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'legacy.codesCard.notMade', defaultMessage: 'Verifier codes not made' }),
        description: errorMessage(
          error,
          intl.formatMessage({ id: 'legacy.codesCard.failed', defaultMessage: 'Something went wrong. Please try again.' }),
        ),
      });
    } finally {
      setMaking(false);
    }
  }

  const existing = releaseKey.data?.releaseKey ?? null;
  let action;
  if (releaseKey.isPending) action = <Skeleton className="h-10 w-48" />;
  else if (releaseKey.isError)
    action = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
        {intl.formatMessage({ id: 'legacy.codesCard.loadFailed', defaultMessage: 'Failed to load your verifier codes' })}
        <Button variant="outline" size="sm" onClick={() => void releaseKey.refetch()}>
          {intl.formatMessage({ id: 'legacy.codesCard.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  else if (existing && !existing.outdated)
    action = (
      <ConfirmDialog
        title={intl.formatMessage({ id: 'legacy.codesCard.newTitle', defaultMessage: 'Make new verifier codes?' })}
        text={intl.formatMessage({
          id: 'legacy.codesCard.newText',
          defaultMessage: 'The codes your verifiers hold now will open no copy sealed from now on. Give each verifier their new sheet.',
        })}
        confirmLabel={intl.formatMessage({ id: 'legacy.codesCard.new', defaultMessage: 'Make new verifier codes' })}
        destructive={false}
        onConfirm={() => void make()}
        trigger={
          <Button variant="outline" disabled={making}>
            {intl.formatMessage({ id: 'legacy.codesCard.new', defaultMessage: 'Make new verifier codes' })}
          </Button>
        }
      />
    );
  else
    action = (
      <Button disabled={making} onClick={() => void make()}>
        {existing
          ? intl.formatMessage({ id: 'legacy.codesCard.new', defaultMessage: 'Make new verifier codes' })
          : intl.formatMessage({ id: 'legacy.codesCard.make', defaultMessage: 'Make verifier codes' })}
      </Button>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeySquare aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'legacy.codesCard.title', defaultMessage: 'Codes for your verifiers' })}
        </CardTitle>
        <CardDescription>{explanation(current)}</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3">
        {existing && <KeyState releaseKey={existing} />}
        {existing?.outdated && (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({
              id: 'legacy.codesCard.oldCodes',
              defaultMessage: 'Old codes open nothing sealed after new ones are made.',
            })}
          </p>
        )}
        {action}
      </CardContent>
      <VerifierCodesDialog sheets={sheets} onClose={() => setSheets(null)} />
    </Card>
  );
}
