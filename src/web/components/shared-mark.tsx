import { Users } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * "Shared": the item is in a collection with at least one live link (decision 025). The features that show
 * items draw it; which items are shared comes from the collections feature through the route.
 */
export function SharedMark({ className }: { className?: string }) {
  const intl = useIntl();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground',
        className,
      )}
    >
      <Users aria-hidden="true" className="size-3" />
      {intl.formatMessage({ id: 'common.sharedMark', defaultMessage: 'Shared' })}
    </span>
  );
}
