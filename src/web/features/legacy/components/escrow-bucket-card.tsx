import { Archive } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useEscrowSettings } from '../escrow-api';
import { EscrowBucketForm } from './escrow-bucket-form';
import { EscrowCopies } from './escrow-copies';
import { UsbCopies } from './usb-copies';
import { useIntl } from '@web/lib/i18n/use-intl';

/** After Life: where the sealed copies go outside this server, and how they stand (decision 072). */
export function EscrowBucketCard() {
  const intl = useIntl();
  const settings = useEscrowSettings();

  let body;
  if (settings.isPending) body = <Skeleton className="h-40" />;
  else if (settings.isError)
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
        {intl.formatMessage({ id: 'legacy.escrowCard.loadFailed', defaultMessage: 'Failed to load where your sealed copies are kept' })}
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  else
    body = (
      <>
        <EscrowBucketForm target={settings.data.target} />
        {settings.data.target && <EscrowCopies />}
        <UsbCopies />
      </>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Archive aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'legacy.escrowCard.title', defaultMessage: 'Sealed copies kept elsewhere' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'legacy.escrowCard.description',
            defaultMessage:
              'A home server can stop when its owner is no longer there to look after it. heirloom keeps a sealed copy of what each heir receives in a storage bucket at another provider or at a relative’s and keeps it up to date, and makes one for a USB stick kept with your will. Whoever holds a copy cannot open it: each opens only with the heir’s key code and the verifiers’ codes.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">{body}</CardContent>
    </Card>
  );
}
