import { ImageUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { getUploads, isUnfinished, subscribeUploads } from '@web/features/photos/upload-queue';
import { useIntl } from '@web/lib/i18n/use-intl';
import { paths } from '../paths';

/**
 * Decision 088: while the gallery's uploads go on and the owner is on another page, a short line says how far they
 * are and leads back to them. The status region is always there, so a screen reader hears the line when it comes.
 */
export function UploadIndicator() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const items = useSyncExternalStore(subscribeUploads, getUploads, getUploads);
  const unfinished = items.filter(isUnfinished).length;
  const isShown = unfinished > 0 && pathname.replace(/(.)\/+$/, '$1') !== paths.photos;

  return (
    <div role="status" className="mx-auto max-w-6xl empty:hidden">
      {isShown && (
        <Link
          to={paths.photos}
          className="mb-4 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ImageUp aria-hidden="true" className="size-4 text-muted-foreground" />
          {intl.formatMessage(
            { id: 'app.uploads.indicator', defaultMessage: 'Uploading {current} of {total}…' },
            { current: items.length - unfinished + 1, total: items.length },
          )}
        </Link>
      )}
    </div>
  );
}
