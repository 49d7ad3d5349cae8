import { Button } from '@web/components/ui/button';
import type { usePeopleToPick } from '@web/lib/people-pages';
import { useIntl } from '@web/lib/i18n/use-intl';

// The person combobox's part that is not the options: its footer.

type Pages = ReturnType<typeof usePeopleToPick>;

/** Below the options: "Show more" for either list, and what an empty list means. */
export function ListFooter({ named, unnamed, message }: { named: Pages; unnamed: Pages; message: string }) {
  const intl = useIntl();
  const more = (pages: Pages, text: string) =>
    pages.hasNextPage && (
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={pages.isFetchingNextPage}
        onMouseDown={(event) => event.preventDefault()} // the input keeps focus, the list stays open
        onClick={() => void pages.fetchNextPage()}
      >
        {text}
      </Button>
    );
  return (
    <div className="mt-2 grid gap-2">
      <p role="status" className="px-2 text-sm text-muted-foreground">
        {message}
      </p>
      <div className="flex flex-wrap gap-2">
        {more(named, intl.formatMessage({ id: 'common.personCombobox.moreNames', defaultMessage: 'Show more names' }))}
        {more(unnamed, intl.formatMessage({ id: 'common.personCombobox.moreFaces', defaultMessage: 'Show more faces' }))}
      </div>
    </div>
  );
}
