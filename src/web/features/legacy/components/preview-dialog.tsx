import { Eye } from 'lucide-react';
import { useState } from 'react';
import type { Heir, Release } from '@shared/schemas/legacy';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePreview } from '../api';
import { conditionText, targetKindName } from '../wording';
import { useIntl } from '@web/lib/i18n/use-intl';

function ReleaseList({ releases, heir, label, empty }: { releases: Release[]; heir: Heir; label: string; empty: string }) {
  if (releases.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="grid gap-2">
      {releases.map((release) => (
        <li key={release.id} className="rounded-md border p-2 text-sm">
          <span className="font-medium">{release.target.title}</span>{' '}
          <span className="text-muted-foreground">· {targetKindName(release.target.kind)}</span>
          <span className="block text-xs text-muted-foreground">{conditionText(release, heir)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The dry run: what the heir would receive today, and on which condition the rest would come. */
export function PreviewDialog({ heir }: { heir: Heir }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const preview = usePreview(heir.id, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Eye aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.preview.as', defaultMessage: 'Preview as {name}' }, { name: heir.name })}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {intl.formatMessage({ id: 'legacy.preview.as', defaultMessage: 'Preview as {name}' }, { name: heir.name })}
          </DialogTitle>
          <DialogDescription>
            {intl.formatMessage(
              { id: 'legacy.preview.description', defaultMessage: 'What {name} would see if they opened their key code today.' },
              { name: heir.name },
            )}
          </DialogDescription>
        </DialogHeader>
        {preview.isPending ? (
          <Skeleton className="h-32" />
        ) : preview.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'legacy.preview.loadFailed', defaultMessage: 'Failed to load the preview' })}
            <Button variant="outline" size="sm" onClick={() => preview.refetch()}>
              {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            <section className="grid gap-2">
              <h3 className="font-medium">{intl.formatMessage({ id: 'legacy.preview.today', defaultMessage: 'Today' })}</h3>
              <ReleaseList
                releases={preview.data.releasedToday}
                heir={heir}
                label={intl.formatMessage({ id: 'legacy.preview.releasedToday', defaultMessage: 'Released today' })}
                empty={intl.formatMessage({
                  id: 'legacy.preview.nothingToday',
                  defaultMessage: 'Nothing yet: their key code would show “Nothing has been released to this code yet”.',
                })}
              />
            </section>
            <section className="grid gap-2">
              <h3 className="font-medium">{intl.formatMessage({ id: 'legacy.preview.later', defaultMessage: 'Later' })}</h3>
              <ReleaseList
                releases={preview.data.later}
                heir={heir}
                label={intl.formatMessage({ id: 'legacy.preview.releasedLater', defaultMessage: 'Released later' })}
                empty={intl.formatMessage({ id: 'legacy.preview.nothingLater', defaultMessage: 'Nothing else is planned for them.' })}
              />
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
