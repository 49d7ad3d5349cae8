import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useIntl } from '@web/lib/i18n/use-intl';

type OpenedItemProps = {
  /** What the region is, e.g. "Opened memory". */
  label: string;
  isPending: boolean;
  isError: boolean;
  /** Shown when the item cannot be loaded (it was deleted, or it is not the user's). */
  notFoundText: string;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The item a link opened (a search result), shown above the list whether or not its page is loaded
 * (decision 034), highlighted and scrolled into view once it is there.
 */
export function OpenedItem({ label, isPending, isError, notFoundText, onClose, children }: OpenedItemProps) {
  const intl = useIntl();
  const ref = useRef<HTMLElement>(null);
  const ready = !isPending;

  useEffect(() => {
    if (ready) ref.current?.scrollIntoView({ block: 'start' });
  }, [ready]);

  return (
    <section
      ref={ref}
      aria-label={label}
      className="grid scroll-mt-20 gap-2 rounded-xl ring-2 ring-primary ring-offset-4 ring-offset-background"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          <X aria-hidden="true" />
          {intl.formatMessage({ id: 'common.close', defaultMessage: 'Close' })}
        </Button>
      </div>
      {isPending ? <Skeleton className="h-32" /> : isError ? <p role="alert">{notFoundText}</p> : children}
    </section>
  );
}
