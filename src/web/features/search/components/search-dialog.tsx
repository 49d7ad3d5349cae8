import { FileText, Image as ImageIcon, NotebookPen, ScanFace, Search, UserRound, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { SearchHit, SearchKind } from '@shared/schemas/search';
import { isSearchable } from '@shared/search-terms';
import { DurationBadge } from '@web/components/duration-badge';
import { ItemDateText } from '@web/components/item-date-text';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { VideoPlaceholder } from '@web/components/video-parts';
import { cn } from '@web/lib/cn';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDebounced } from '@web/lib/use-debounced';
import { useSearch } from '../api';
import { HighlightedText } from './highlighted-text';

const KIND_LABELS = defineMessages({
  memory: { id: 'search.kind.memory', defaultMessage: 'Memories' },
  photo: { id: 'search.kind.photo', defaultMessage: 'Photos' },
  document: { id: 'search.kind.document', defaultMessage: 'Documents' },
  contact: { id: 'search.kind.contact', defaultMessage: 'Contacts' },
  person: { id: 'search.kind.person', defaultMessage: 'People in your photos' },
});
const KIND_ICONS: Record<SearchKind, LucideIcon> = {
  memory: NotebookPen,
  photo: ImageIcon,
  document: FileText,
  contact: UserRound,
  person: ScanFace,
};
/** Typing pauses this long before a request goes out. */
const DEBOUNCE_MS = 200;

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where a result opens (the app's routes). */
  onOpenHit: (hit: SearchHit) => void;
}

/** A combobox: the input keeps focus, arrow keys move through the results, Enter opens the active one. */
export function SearchDialog({ open, onOpenChange, onOpenHit }: SearchDialogProps) {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const debouncedQ = useDebounced(q, DEBOUNCE_MS);
  const search = useSearch(debouncedQ);
  const [active, setActive] = useState(0);
  const listId = useId();

  const groups = isSearchable(q) ? (search.data?.groups ?? []) : [];
  const hits = groups.flatMap((g) => g.items);
  const activeIndex = Math.min(active, Math.max(hits.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => setActive(0), [search.data]);

  const choose = (hit: SearchHit) => {
    onOpenChange(false);
    setQ('');
    onOpenHit(hit);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length === 0) return;
      setActive((activeIndex + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = hits[activeIndex];
      if (hit) choose(hit);
    }
  };

  let index = 0;
  const waiting = isSearchable(q) && (q !== debouncedQ || search.isFetching);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 max-h-dvh w-full max-w-none translate-y-0 gap-0 rounded-none p-0 sm:top-[10vh] sm:max-h-[80vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:rounded-xl">
        <DialogTitle className="sr-only">{intl.formatMessage({ id: 'search.dialog.title', defaultMessage: 'Search' })}</DialogTitle>
        <div className="flex items-center gap-2 border-b px-4 py-3 pe-12">
          <Search aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <input
            type="search"
            role="combobox"
            aria-label={intl.formatMessage({
              id: 'search.dialog.inputLabel',
              defaultMessage: 'Search memories, photos, documents and contacts',
            })}
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-activedescendant={hits.length > 0 ? optionId(activeIndex) : undefined}
            aria-autocomplete="list"
            autoComplete="off"
            placeholder={intl.formatMessage({
              id: 'search.dialog.placeholder',
              defaultMessage: 'Search memories, photos, documents, contacts',
            })}
            maxLength={200}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={onKeyDown}
            className="h-10 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
          />
          {waiting && <Spinner className="size-4" />}
        </div>
        <div className="min-h-0 overflow-y-auto p-2">
          <div
            id={listId}
            role="listbox"
            aria-label={intl.formatMessage({ id: 'search.dialog.results', defaultMessage: 'Search results' })}
          >
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-label={intl.formatMessage(KIND_LABELS[group.kind])} className="mb-2">
                <div aria-hidden="true" className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {intl.formatMessage(KIND_LABELS[group.kind])}
                </div>
                {group.items.map((hit) => {
                  const i = index++;
                  const Icon = KIND_ICONS[hit.kind];
                  return (
                    <div
                      key={`${hit.kind}-${hit.id}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === activeIndex}
                      onMouseMove={() => setActive(i)}
                      onClick={() => choose(hit)}
                      className={cn('flex cursor-pointer items-start gap-3 rounded-md px-2 py-2', i === activeIndex && 'bg-accent')}
                    >
                      {hit.mediaType === 'video' ? (
                        <VideoThumbnail hit={hit} />
                      ) : hit.thumbnailUrl ? (
                        <img src={hit.thumbnailUrl} alt="" loading="lazy" className="size-10 shrink-0 rounded object-cover" />
                      ) : (
                        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                      )}
                      <div className="min-w-0 flex-1">
                        <div className="truncate font-medium">
                          <HighlightedText value={hit.title} />
                        </div>
                        {hit.snippet && (
                          <div className="line-clamp-2 text-sm text-muted-foreground">
                            <HighlightedText value={hit.snippet} />
                          </div>
                        )}
                        {/* a photo's or memory's date as its owner knows it (decision 067): "June 1962", "c. 1955" */}
                        {hit.date && (hit.kind === 'photo' || hit.kind === 'memory') && (
                          <ItemDateText
                            item={{ date: hit.date, precision: hit.datePrecision ?? undefined, margin: hit.dateMargin }}
                            className="text-xs text-muted-foreground"
                          />
                        )}
                      </div>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <DialogDescription asChild>
            <p className="px-2 py-6 text-center text-sm text-muted-foreground" hidden={hits.length > 0}>
              {!isSearchable(q)
                ? intl.formatMessage({
                    id: 'search.dialog.hint',
                    defaultMessage: 'Type a name, a place, a tag or any word from a memory, photo, document or contact.',
                  })
                : search.isError
                  ? intl.formatMessage({ id: 'search.dialog.failed', defaultMessage: 'Search failed. Please try again.' })
                  : waiting
                    ? intl.formatMessage({ id: 'search.dialog.searching', defaultMessage: 'Searching…' })
                    : intl.formatMessage({ id: 'search.dialog.nothing', defaultMessage: 'Nothing found.' })}
            </p>
          </DialogDescription>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A video's poster (or a film mark until it has one) with its length below it; a screen reader hears "Video, 0:42". */
function VideoThumbnail({ hit }: { hit: SearchHit }) {
  return (
    <span className="grid w-14 shrink-0 justify-items-center gap-1">
      {hit.thumbnailUrl ? (
        <img src={hit.thumbnailUrl} alt="" loading="lazy" className="size-10 rounded object-cover" />
      ) : (
        <span aria-hidden="true" className="size-10 overflow-hidden rounded">
          <VideoPlaceholder label="" className="size-full" />
        </span>
      )}
      <DurationBadge durationMs={hit.durationMs} className="px-1.5 text-[0.65rem]" />
    </span>
  );
}
