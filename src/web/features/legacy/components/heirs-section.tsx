import { Users } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '@web/components/empty-state';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useHeirs, useLetters, useReleases } from '../api';
import { AddHeirDialog } from './add-heir-dialog';
import { HeirCard } from './heir-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The heirs, each with what they receive and their letters. */
export function HeirsSection() {
  const intl = useIntl();
  const heirs = useHeirs();
  const releases = useReleases();
  const letters = useLetters();
  const titleId = useId();
  const failed = heirs.isError || releases.isError || letters.isError;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            {intl.formatMessage({ id: 'legacy.heirs.title', defaultMessage: 'Heirs' })}
          </h2>
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({
              id: 'legacy.heirs.description',
              defaultMessage: 'The people who receive what you choose, each with their own key code.',
            })}
          </p>
        </div>
        {heirs.data && <AddHeirDialog heirs={heirs.data} />}
      </div>
      {failed ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
          {intl.formatMessage({ id: 'legacy.heirs.loadFailed', defaultMessage: 'Failed to load your heirs' })}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void heirs.refetch();
              void releases.refetch();
              void letters.refetch();
            }}
          >
            {intl.formatMessage({ id: 'legacy.common.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </div>
      ) : heirs.isPending || releases.isPending || letters.isPending ? (
        <Skeleton className="h-48" />
      ) : heirs.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title={intl.formatMessage({ id: 'legacy.heirs.empty', defaultMessage: 'No heirs yet' })}
          description={intl.formatMessage({
            id: 'legacy.heirs.emptyText',
            defaultMessage: 'Add the people you want to pass your story on to.',
          })}
        />
      ) : (
        <ul aria-label={intl.formatMessage({ id: 'legacy.heirs.title', defaultMessage: 'Heirs' })} className="grid gap-4">
          {heirs.data.map((heir) => (
            <HeirCard
              key={heir.id}
              heir={heir}
              releases={releases.data.filter((r) => r.heirId === heir.id)}
              letters={letters.data.filter((l) => l.heirId === heir.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
