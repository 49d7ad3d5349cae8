import { useId, useState } from 'react';
import { DurationBadge } from '@web/components/duration-badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';
import { useDebounced } from '@web/lib/use-debounced';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useOwnItems, type PickerItem, type PickerKind } from '@web/lib/own-items';
import { VideoPlaceholder } from './video-parts';

const SEARCH_DEBOUNCE_MS = 250;
const FIND_LABELS = defineMessages({
  photo: { id: 'common.picker.findPhoto', defaultMessage: 'Find a photo' },
  memory: { id: 'common.picker.findMemory', defaultMessage: 'Find a memory' },
  document: { id: 'common.picker.findDocument', defaultMessage: 'Find a document' },
  contact: { id: 'common.picker.findContact', defaultMessage: 'Find a contact' },
});
const FAILED = defineMessages({
  contacts: { id: 'common.picker.contactsFailed', defaultMessage: 'Failed to fetch contacts' },
  items: { id: 'common.picker.itemsFailed', defaultMessage: 'Failed to load your items' },
});

interface OwnItemPickerProps {
  kind: PickerKind;
  /** Load only while the picker is shown. */
  enabled: boolean;
  /** Checkboxes for any number of items, or radio buttons for one. */
  mode: 'many' | 'one';
  selected: ReadonlySet<number>;
  /** The item comes along for what the screen keeps of a choice (a name, a contact's e-mail address). */
  onToggle: (id: number, item: PickerItem) => void;
  /** The list's accessible name ("Gallery photos"). */
  label: string;
  /** Shown when the owner has none of this kind. */
  empty: string;
  /** Items chosen before (already in the collection): shown checked and disabled, with lockedNote. */
  lockedIds?: ReadonlySet<number>;
  lockedNote?: string;
  /** No more can be chosen once this many are. */
  max?: number;
  /** Why an item cannot be chosen (shown on its row), or undefined when it can. One chosen already can be unchosen. */
  unavailable?: (item: PickerItem) => string | undefined;
}

/**
 * Choose among the owner's photos, memories, documents or contacts: the newest first (contacts by name), a page at
 * a time ("Show more"), or what a search finds. Chosen items stay chosen while the list changes under a new search.
 */
export function OwnItemPicker(props: OwnItemPickerProps) {
  const { kind, enabled, mode, selected, onToggle, label, empty, lockedIds, lockedNote, max, unavailable } = props;
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const items = useOwnItems(kind, { search: debounced, enabled });
  const name = useId();
  const isFull = max !== undefined && selected.size >= max;
  const intl = useIntl();

  return (
    <div className="grid gap-3">
      <Input
        type="search"
        aria-label={intl.formatMessage(FIND_LABELS[kind])}
        placeholder={intl.formatMessage({ id: 'common.picker.search', defaultMessage: 'Search…' })}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        // the list follows the typing; Enter must not submit a form the picker sits in (the Legacy Plan's)
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
      />
      {items.isPending ? (
        <Skeleton className="h-40" />
      ) : items.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {intl.formatMessage(kind === 'contact' ? FAILED.contacts : FAILED.items)}
        </p>
      ) : items.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {debounced.trim()
            ? intl.formatMessage(
                { id: 'common.picker.noMatch', defaultMessage: 'Nothing matches “{search}”.' },
                { search: debounced.trim() },
              )
            : empty}
        </p>
      ) : (
        <div className="grid max-h-80 gap-3 overflow-y-auto pe-1">
          <ul
            aria-label={label}
            aria-busy={items.isFetching}
            className={kind === 'photo' ? 'grid grid-cols-2 gap-3 sm:grid-cols-4' : 'grid gap-2'}
          >
            {items.items.map((item) => {
              const isLocked = lockedIds?.has(item.id) ?? false;
              const isChosen = isLocked || selected.has(item.id);
              const reason = unavailable?.(item);
              return (
                <li key={item.id}>
                  <PickerRow
                    item={item}
                    type={mode === 'many' ? 'checkbox' : 'radio'}
                    name={name}
                    checked={isChosen}
                    disabled={isLocked || (!isChosen && (reason !== undefined || (mode === 'many' && isFull)))}
                    note={isLocked ? lockedNote : reason}
                    onChange={() => onToggle(item.id, item)}
                  />
                </li>
              );
            })}
          </ul>
          {items.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={items.isFetchingNextPage}
              onClick={() => void items.fetchNextPage()}
            >
              {items.isFetchingNextPage
                ? intl.formatMessage({ id: 'common.picker.loading', defaultMessage: 'Loading…' })
                : intl.formatMessage({ id: 'common.picker.showMore', defaultMessage: 'Show more' })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

interface PickerRowProps {
  item: PickerItem;
  type: 'checkbox' | 'radio';
  name: string;
  checked: boolean;
  disabled: boolean;
  note?: string;
  onChange: () => void;
}

function PickerRow({ item, type, name, checked, disabled, note, onChange }: PickerRowProps) {
  const chosen = 'has-checked:border-primary has-checked:bg-primary/5 has-disabled:cursor-default has-disabled:opacity-70';
  const input = <input type={type} name={name} checked={checked} disabled={disabled} onChange={onChange} />;
  if (item.contact) {
    // a name and, beneath it, the address a link or mail goes to (or why it cannot be chosen)
    return (
      <label className={cn('flex cursor-pointer items-start gap-3 rounded-md border p-2 text-sm', chosen)}>
        <input type={type} name={name} checked={checked} disabled={disabled} onChange={onChange} className="mt-1" />
        <span className="grid min-w-0">
          <span className="font-medium">{item.title}</span>
          {(note ?? item.detail) && <span className="truncate text-xs text-muted-foreground">{note ?? item.detail}</span>}
        </span>
      </label>
    );
  }
  if (item.thumbnailUrl !== null || item.video) {
    return (
      <label className={cn('grid cursor-pointer gap-1 rounded-md border p-2 text-xs', chosen)}>
        <span className="relative block aspect-square w-full overflow-hidden rounded">
          {item.thumbnailUrl !== null ? (
            <img src={item.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" />
          ) : (
            <span aria-hidden="true">
              <VideoPlaceholder label="" className="absolute inset-0" />
            </span>
          )}
          {item.video && <DurationBadge durationMs={item.video.durationMs} className="absolute end-1 bottom-1" />}
        </span>
        <span className="flex items-center gap-1.5">
          {input}
          <span className="truncate">{item.title}</span>
        </span>
        {note && <span className="text-muted-foreground">{note}</span>}
      </label>
    );
  }
  return (
    <label className={cn('flex cursor-pointer items-center gap-3 rounded-md border p-2 text-sm', chosen)}>
      {input}
      <span className="min-w-0 flex-1 truncate">{item.title}</span>
      <span className="shrink-0 text-xs text-muted-foreground">{note ?? item.detail}</span>
    </label>
  );
}
