import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useKeepRelease, useKeepStatus } from '../keep-api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** After signing up or in, the heir comes back here: the heir's cookie keeps the release open for a week. */
const BACK_HERE = '?next=/legacy';

/**
 * "Keep in my library" on one release (decision 078): copies it into the heir's own account, with where it came
 * from. Without an account, it offers to make one (or sign in) and come back.
 */
export function KeepInLibrary({ releaseId }: { releaseId: number }) {
  const intl = useIntl();
  const status = useKeepStatus(releaseId);
  const keep = useKeepRelease(releaseId);

  if (status.isPending) return null;
  if (status.isError) {
    if (!(status.error instanceof ApiError && status.error.status === 401)) return null;
    return (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage(
          {
            id: 'heir.keep.account',
            defaultMessage:
              'To keep these in a library of your own, even after this page is gone: <register>Make an account to keep these</register> or <login>sign in</login>.',
          },
          {
            register: (chunks) => (
              <Link className="font-medium text-primary underline underline-offset-4" to={`/register${BACK_HERE}`}>
                {chunks}
              </Link>
            ),
            login: (chunks) => (
              <Link className="font-medium text-primary underline underline-offset-4" to={`/login${BACK_HERE}`}>
                {chunks}
              </Link>
            ),
          },
        )}
      </p>
    );
  }

  const { data } = status;
  if (data.status === 'kept') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium">
        <Check aria-hidden="true" className="size-4 text-primary" />
        {intl.formatMessage({ id: 'heir.keep.kept', defaultMessage: 'Kept in your library' })}
      </p>
    );
  }
  if (data.status === 'copying') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {intl.formatMessage(
          { id: 'heir.keep.copying', defaultMessage: 'Copying into your library… ({done} of {total})' },
          { done: String(data.itemsDone), total: String(data.itemsTotal) },
        )}
      </p>
    );
  }
  const onKeep = () =>
    keep.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'heir.keep.failed', defaultMessage: 'Could not keep these' }),
          description: errorMessage(error, intl.formatMessage({ id: 'heir.keep.tryAgain', defaultMessage: 'Please try again' })),
        }),
    });
  return (
    <div className="grid justify-items-start gap-1">
      <Button variant="outline" size="sm" onClick={onKeep} disabled={keep.isPending}>
        {keep.isPending && <Spinner />}
        {intl.formatMessage({ id: 'heir.keep.button', defaultMessage: 'Keep in my library' })}
      </Button>
      {data.status === 'failed' && data.error && (
        <p role="alert" className="text-sm text-destructive">
          {data.error}
        </p>
      )}
    </div>
  );
}
