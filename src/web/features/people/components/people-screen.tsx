import { Link } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { useIntl } from '@web/lib/i18n/use-intl';
import { usePeoplePages, usePeopleStatus } from '../api';
import { FaceCrop } from '@web/components/face-crop';
import { FaceQuestions } from './face-questions';

/** /people: everyone heirloom found in the photos, the named first, then the most seen (issue 29). */
export function PeopleScreen({ personHref, settingsHref }: { personHref: (id: number) => string; settingsHref: string }) {
  const intl = useIntl();
  const pages = usePeoplePages();
  const status = usePeopleStatus();
  useLoadErrorToast(pages, intl.formatMessage({ id: 'people.list.fetchFailed', defaultMessage: 'Failed to fetch people' }));
  const people = (pages.data?.pages ?? []).flatMap((page) => page.items).filter((person) => !person.hidden);
  const off = status.data && !status.data.enabled;
  const unavailable = status.data && !status.data.available;

  return (
    <div>
      <PageHeader
        title={intl.formatMessage({ id: 'people.list.title', defaultMessage: 'People' })}
        description={intl.formatMessage({
          id: 'people.list.description',
          defaultMessage: 'The people in your photos. Give each a name once, and every photo of them is one click away.',
        })}
      />
      {unavailable && (
        <p className="mt-6 text-muted-foreground">
          {intl.formatMessage({
            id: 'people.list.unavailable',
            defaultMessage: 'This server does not look for faces: its administrator turned face recognition off.',
          })}
        </p>
      )}
      {off && !unavailable && (
        <p className="mt-6 text-muted-foreground">
          {intl.formatMessage(
            { id: 'people.list.off', defaultMessage: 'Face recognition is off. <link>Turn it on in Settings</link>.' },
            {
              link: (chunks) => (
                <Link to={settingsHref} className="font-medium text-primary underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            },
          )}
        </p>
      )}
      {status.data?.enabled && status.data.photosPending > 0 && (
        <p role="status" className="mt-6 text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'people.list.finding', defaultMessage: 'Finding faces: {done, number} of {total, number} photos' },
            { done: status.data.photosDone, total: status.data.photosTotal },
          )}
        </p>
      )}
      <FaceQuestions />
      {pages.isPending ? (
        <div className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : people.length === 0 ? (
        !off && (
          <p className="mt-8 text-muted-foreground">
            {intl.formatMessage({
              id: 'people.list.empty',
              defaultMessage: 'No one yet: people appear here as heirloom finds faces in your photos.',
            })}
          </p>
        )
      ) : (
        <ul
          aria-label={intl.formatMessage({ id: 'people.list.label', defaultMessage: 'People' })}
          className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-6"
        >
          {people.map((person) => (
            <li key={person.id}>
              <Link
                to={personHref(person.id)}
                className="group flex flex-col items-center gap-2 rounded-lg p-2 text-center hover:bg-accent"
              >
                <FaceCrop src={person.coverUrl} box={person.coverBox} />
                <span className={person.name ? 'font-medium' : 'text-muted-foreground'}>
                  {person.name ?? intl.formatMessage({ id: 'people.list.addName', defaultMessage: 'Add a name' })}
                </span>
                <span className="text-xs text-muted-foreground">
                  {intl.formatMessage(
                    { id: 'people.list.photos', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
                    { count: person.faceCount },
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {intl.formatMessage({ id: 'people.list.more', defaultMessage: 'Show more people' })}
          </Button>
        </div>
      )}
    </div>
  );
}
