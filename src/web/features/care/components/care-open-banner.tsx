import { HeartHandshake } from 'lucide-react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCareSettings, useEndCare } from '../api';

/** For the signed-in owner while a caregiver can see their things, or has asked to: one click ends it. */
export function CareOpenBanner() {
  const intl = useIntl();
  const settings = useCareSettings();
  const end = useEndCare();
  const active = settings.data?.caregivers.filter((c) => c.state !== 'idle') ?? [];
  if (active.length === 0) return null;
  const open = active.filter((c) => c.state === 'open');
  const lines = active.map((c) =>
    c.state === 'open'
      ? intl.formatMessage(
          { id: 'care.banner.openFor', defaultMessage: 'Care access is open for {name} since {date}.' },
          { name: c.name, date: formatLongDate(c.openedAt) },
        )
      : intl.formatMessage(
          { id: 'care.banner.askedBy', defaultMessage: '{name} asked for care access on {asked}; it opens on {opens} unless you refuse.' },
          { name: c.name, asked: formatLongDate(c.askedAt), opens: formatLongDate(c.opensAt) },
        ),
  );
  return (
    <Alert className="mb-6">
      <HeartHandshake aria-hidden="true" className="size-4" />
      <AlertTitle>
        {open.length > 0
          ? intl.formatMessage({ id: 'care.banner.openTitle', defaultMessage: 'Care access is open' })
          : intl.formatMessage({ id: 'care.banner.askedTitle', defaultMessage: 'Care access was asked for' })}
      </AlertTitle>
      <AlertDescription className="grid justify-items-start gap-2">
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        <ConfirmDialog
          title={intl.formatMessage({ id: 'care.banner.endTitle', defaultMessage: 'End care access?' })}
          text={intl.formatMessage({
            id: 'care.banner.endText',
            defaultMessage: 'Your caregivers will no longer see anything, and will be told by e-mail. They can ask again with their link.',
          })}
          confirmLabel={intl.formatMessage({ id: 'care.banner.end', defaultMessage: 'End care access' })}
          onConfirm={() =>
            end.mutate(undefined, {
              onSuccess: () => toast({ title: intl.formatMessage({ id: 'care.banner.ended', defaultMessage: 'Care access ended' }) }),
              onError: (err) =>
                toast({
                  variant: 'destructive',
                  title: errorMessage(
                    err,
                    intl.formatMessage({ id: 'care.banner.endFailed', defaultMessage: 'Care access could not be ended' }),
                  ),
                }),
            })
          }
          trigger={
            <Button variant="outline" size="sm" disabled={end.isPending}>
              {intl.formatMessage({ id: 'care.banner.end', defaultMessage: 'End care access' })}
            </Button>
          }
        />
      </AlertDescription>
    </Alert>
  );
}
