import { HeartHandshake } from 'lucide-react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useCareSettings, useEndCare } from '../api';

/** For the signed-in owner while a caregiver can see their things, or has asked to: one click ends it. */
export function CareOpenBanner() {
  const settings = useCareSettings();
  const end = useEndCare();
  const active = settings.data?.caregivers.filter((c) => c.state !== 'idle') ?? [];
  if (active.length === 0) return null;
  const open = active.filter((c) => c.state === 'open');
  const lines = active.map((c) =>
    c.state === 'open'
      ? `Care access is open for ${c.name} since ${formatLongDate(c.openedAt)}.`
      : `${c.name} asked for care access on ${formatLongDate(c.askedAt)}; it opens on ${formatLongDate(c.opensAt)} unless you refuse.`,
  );
  return (
    <Alert className="mb-6">
      <HeartHandshake aria-hidden="true" className="size-4" />
      <AlertTitle>{open.length > 0 ? 'Care access is open' : 'Care access was asked for'}</AlertTitle>
      <AlertDescription className="grid justify-items-start gap-2">
        {lines.map((line) => (
          <span key={line}>{line}</span>
        ))}
        <ConfirmDialog
          title="End care access?"
          text="Your caregivers will no longer see anything, and will be told by e-mail. They can ask again with their link."
          confirmLabel="End care access"
          onConfirm={() =>
            end.mutate(undefined, {
              onSuccess: () => toast({ title: 'Care access ended' }),
              onError: (err) => toast({ variant: 'destructive', title: errorMessage(err, 'Care access could not be ended') }),
            })
          }
          trigger={
            <Button variant="outline" size="sm" disabled={end.isPending}>
              End care access
            </Button>
          }
        />
      </AlertDescription>
    </Alert>
  );
}
