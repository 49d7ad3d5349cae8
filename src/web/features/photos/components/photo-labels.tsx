import { Sparkles, X } from 'lucide-react';
import type { Photo } from '@shared/schemas/photos';
import { Badge } from '@web/components/ui/badge';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useUpdatePhoto } from '../api';
import { toastTitles } from '../toast-messages';

/**
 * What heirloom's model saw in the picture (issue 29): marked as automatic, apart from the owner's tags, and each
 * removable when it is wrong. Search finds the photo by them.
 */
export function PhotoLabels({ photo }: { photo: Photo }) {
  const intl = useIntl();
  const update = useUpdatePhoto();
  if (photo.labels.length === 0) return null;
  const remove = (label: string) =>
    update.mutate(
      { id: photo.id, patch: { labels: photo.labels.filter((l) => l !== label) } },
      {
        onSuccess: () => toast({ title: intl.formatMessage({ id: 'photos.labels.removed', defaultMessage: 'Label removed' }) }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(toastTitles.error),
            description: errorMessage(error, intl.formatMessage({ id: 'photos.labels.failed', defaultMessage: 'Failed to save' })),
          }),
      },
    );
  return (
    <div className="grid gap-1">
      <p className="flex items-center gap-1 text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-3.5" />
        {intl.formatMessage({ id: 'photos.labels.found', defaultMessage: 'Found automatically' })}
      </p>
      <ul
        aria-label={intl.formatMessage({ id: 'photos.labels.list', defaultMessage: 'Automatic labels' })}
        className="flex flex-wrap gap-2"
      >
        {photo.labels.map((label) => (
          <li key={label}>
            <Badge variant="outline" className="pe-1">
              {label}
              <button
                type="button"
                aria-label={intl.formatMessage({ id: 'photos.labels.remove', defaultMessage: 'Remove the label {label}' }, { label })}
                disabled={update.isPending}
                onClick={() => remove(label)}
                className="rounded-full p-0.5 hover:bg-muted focus-visible:outline-2"
              >
                <X aria-hidden="true" />
              </button>
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
