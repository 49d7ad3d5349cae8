import { AlertTriangle, ArrowUp, CalendarOff, SquareCheck } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { photoSortSchema, type Photo, type PhotoSort } from '@shared/schemas/photos';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useFixPhotoPaths, useUndatedPhotoCount } from '../api';
import { toastTitles } from '../toast-messages';
import { useGalleryChain } from '../use-gallery-chain';
import { usePhotoSelection } from '../use-photo-selection';
import { useVideoProgress } from '../use-video-progress';
import { useViewerUrl } from '../use-viewer-url';
import { MonthScrubber, SCRUBBER_ROOM } from './month-scrubber';
import { PhotoGridItem, PhotoListItem, type GalleryItemProps } from './photo-gallery-items';
import { PhotoSelectionBar } from './photo-selection-bar';
import { GalleryViewer } from './gallery-viewer';
import type { ViewerFaces } from './photo-viewer-dialog';
import { VirtualPhotoList } from './virtual-photo-list';

const SORT_LABELS = defineMessages({
  dateTaken: { id: 'photos.gallery.sortDateTaken', defaultMessage: 'Date Taken' },
  createdAt: { id: 'photos.gallery.sortUploadDate', defaultMessage: 'Upload Date' },
  title: { id: 'photos.gallery.sortTitle', defaultMessage: 'Photo Title' },
});
const SORT_OPTIONS: PhotoSort[] = ['dateTaken', 'createdAt', 'title'];

type PhotoGalleryProps = {
  /** Photos to mark "Shared" (in a collection with a live link). */
  sharedIds?: ReadonlySet<number>;
  /** More that can be done with the photos chosen in Select mode (e.g. Add to collection), beside delete, set date and add tags. */
  selectionAction?: (photoIds: number[], endSelection: () => void) => ReactNode;
  /** Only the photos this person is in (issue 29); the scrubber's month counts are of every photo, so it is left out. */
  person?: number;
  /** The toolbar's choice of a person ("Person: Rose Martin ×"), composed by the app. */
  personFilter?: ReactNode;
  /** Who is in the photo, in the viewer. */
  viewerFaces?: ViewerFaces;
};

/**
 * spec §2 Photo Gallery: Grid (default) and List, sorted on the server, with the failed-photos banner. Issue 15:
 * a page at a time in a virtual list grouped by month, with a scrubber for the date orders (decision 032).
 */
export function PhotoGallery({ sharedIds, selectionAction, person, personFilter, viewerFaces }: PhotoGalleryProps = {}) {
  const intl = useIntl();
  const [sortBy, setSortBy] = useState<PhotoSort>('dateTaken');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  // only the photos without a date taken (decision 067), to select and date them at once
  const [undated, setUndated] = useState(false);
  const undatedCount = useUndatedPhotoCount().data;
  const chain = useGalleryChain(sortBy, person, undated);
  // another person (or everyone again): the chain starts from the newest photo, not from a month jumped to
  const [chainPerson, setChainPerson] = useState(person);
  if (chainPerson !== person) {
    setChainPerson(person);
    chain.reset();
  }
  const toggleUndated = () => {
    setUndated((on) => !on);
    chain.reset();
  };
  const { pages, photos: loaded } = chain;
  useLoadErrorToast(pages, intl.formatMessage({ id: 'photos.gallery.fetchFailed', defaultMessage: 'Failed to fetch photos' }));
  useVideoProgress(loaded);
  const [topMonth, setTopMonth] = useState<string | null>(null);
  const fixPaths = useFixPhotoPaths();
  const isMobile = useIsMobile();
  // one cache-busting value per visit; renewed after "Fix failed photos" so every image is asked again
  const [timestamp, setTimestamp] = useState(() => Date.now());
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const [editingTitleId, setEditingTitleId] = useState<number | null>(null);
  const [editingDateId, setEditingDateId] = useState<number | null>(null);
  const selection = usePhotoSelection(() => loaded.map((p) => p.id));
  const { selected } = selection;
  const endSelection = selection.end;
  // a photo deleted meanwhile is no longer selected
  const selectedIds = selected ? loaded.filter((p) => selected.has(p.id)).map((p) => p.id) : [];
  const viewerUrl = useViewerUrl();
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const onFailedChange = (id: number, isFailed: boolean) =>
    setFailed((current) => {
      if (current.has(id) === isFailed) return current;
      const next = new Set(current);
      if (isFailed) next.add(id);
      else next.delete(id);
      return next;
    });

  const fixFailedPhotos = () =>
    fixPaths.mutate(undefined, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage(toastTitles.success),
          description: intl.formatMessage({ id: 'photos.gallery.pathsFixed', defaultMessage: 'Photos paths fixed. Refreshing gallery...' }),
        });
        setFailed(new Set());
        setTimestamp(Date.now());
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage(toastTitles.error),
          description: errorMessage(error, intl.formatMessage({ id: 'photos.gallery.fixFailed', defaultMessage: 'Failed to fix paths' })),
        }),
    });

  const itemProps = (photo: Photo): GalleryItemProps => ({
    photo,
    timestamp,
    isMobile,
    onOpen: (p) => {
      if (!selection.consumeLongPressClick()) viewerUrl.open(p.id);
    },
    onFailedChange,
    isEditingTitle: editingTitleId === photo.id,
    onEditingTitleChange: (editing) => setEditingTitleId((current) => (editing ? photo.id : current === photo.id ? null : current)),
    isEditingDate: editingDateId === photo.id,
    onEditingDateChange: (editing) => setEditingDateId((current) => (editing ? photo.id : current === photo.id ? null : current)),
    isShared: sharedIds?.has(photo.id) ?? false,
    selection: selected
      ? { isSelected: selected.has(photo.id), onToggle: (withRange) => selection.toggle(photo.id, withRange), onPress: selection.notePress }
      : undefined,
    pressHandlers: selected ? undefined : selection.longPressHandlers(photo.id),
  });

  // a photo deleted meanwhile no longer counts as failed
  const failedCount = loaded.filter((p) => failed.has(p.id)).length;
  const hasPhotos = pages.isSuccess && loaded.length > 0;
  const hasScrubber = sortBy !== 'title' && person === undefined && !undated && chain.months.length > 0;

  const galleryStatus = pages.isPending ? (
    <p className="py-10 text-center text-muted-foreground">
      {intl.formatMessage({ id: 'photos.gallery.loading', defaultMessage: 'Loading photos...' })}
    </p>
  ) : pages.isError ? (
    <Alert variant="destructive" className="my-6">
      <AlertDescription>
        {intl.formatMessage(
          { id: 'photos.gallery.loadError', defaultMessage: 'Error: {message}' },
          {
            message:
              pages.error.message || intl.formatMessage({ id: 'photos.gallery.loadFailed', defaultMessage: 'Failed to load photos' }),
          },
        )}
      </AlertDescription>
    </Alert>
  ) : undated ? (
    <p className="rounded-xl border border-dashed bg-card/60 p-10 text-center text-muted-foreground">
      {person !== undefined
        ? intl.formatMessage({ id: 'photos.gallery.noUndatedOfPerson', defaultMessage: 'No undated photos of this person.' })
        : intl.formatMessage({ id: 'photos.gallery.noUndated', defaultMessage: 'No undated photos: every photo has a date.' })}
    </p>
  ) : person !== undefined ? (
    <p className="rounded-xl border border-dashed bg-card/60 p-10 text-center text-muted-foreground">
      {intl.formatMessage({ id: 'photos.gallery.noneOfPerson', defaultMessage: 'No photos of this person.' })}
    </p>
  ) : (
    <p className="rounded-xl border border-dashed bg-card/60 p-10 text-center text-muted-foreground">
      {intl.formatMessage({ id: 'photos.gallery.empty', defaultMessage: 'No photos found. Upload some photos to get started!' })}
    </p>
  );

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{intl.formatMessage({ id: 'photos.gallery.title', defaultMessage: 'Photo Gallery' })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {failedCount > 0 && (
          <Alert variant="warning">
            <AlertTriangle aria-hidden="true" />
            <AlertDescription className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
              <span>
                {intl.formatMessage(
                  {
                    id: 'photos.gallery.someFailed',
                    defaultMessage: 'Some photos ({count}) could not be loaded. Click "Fix failed photos" to attempt recovery.',
                  },
                  { count: String(failedCount) },
                )}
              </span>
              <Button variant="outline" size="sm" disabled={fixPaths.isPending} onClick={fixFailedPhotos}>
                {intl.formatMessage({ id: 'photos.gallery.fixFailedPhotos', defaultMessage: 'Fix failed photos' })}
              </Button>
            </AlertDescription>
          </Alert>
        )}

        <Tabs value={view} onValueChange={(value) => setView(value === 'list' ? 'list' : 'grid')}>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <TabsList aria-label={intl.formatMessage({ id: 'photos.gallery.layout', defaultMessage: 'Gallery layout' })}>
              <TabsTrigger value="grid">{intl.formatMessage({ id: 'photos.gallery.grid', defaultMessage: 'Grid' })}</TabsTrigger>
              <TabsTrigger value="list">{intl.formatMessage({ id: 'photos.gallery.listView', defaultMessage: 'List' })}</TabsTrigger>
            </TabsList>
            <div className="flex flex-wrap items-center gap-2">
              {personFilter}
              {(undated || (undatedCount ?? 0) > 0) && (
                <Button variant="outline" className="aria-pressed:bg-accent" aria-pressed={undated} onClick={toggleUndated}>
                  <CalendarOff aria-hidden="true" />
                  {intl.formatMessage({ id: 'photos.gallery.undated', defaultMessage: 'Undated' })}
                  {undatedCount !== undefined && <span className="text-muted-foreground tabular-nums">{undatedCount}</span>}
                </Button>
              )}
              {hasPhotos && (
                <Button
                  variant="outline"
                  className="aria-pressed:bg-accent"
                  aria-pressed={selected !== null}
                  onClick={() => (selected ? selection.end() : selection.start())}
                >
                  <SquareCheck aria-hidden="true" />
                  {intl.formatMessage({ id: 'photos.gallery.selectMode', defaultMessage: 'Select' })}
                </Button>
              )}
              <Label htmlFor="photo-sort" className="shrink-0">
                {intl.formatMessage({ id: 'photos.gallery.sortBy', defaultMessage: 'Sort by' })}
              </Label>
              <Select
                value={sortBy}
                onValueChange={(value) => {
                  setSortBy(photoSortSchema.parse(value));
                  chain.reset();
                }}
              >
                <SelectTrigger id="photo-sort" className="w-40">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SORT_OPTIONS.map((option) => (
                    <SelectItem key={option} value={option}>
                      {intl.formatMessage(SORT_LABELS[option])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {undated && hasPhotos && (
            <p className="mt-3 text-sm text-muted-foreground">
              {intl.formatMessage({
                id: 'photos.gallery.undatedHint',
                defaultMessage: 'Select them and choose Set date to date many at once.',
              })}
            </p>
          )}

          {/* Both panels always exist, so each tab's aria-controls points at a real element; only the shown one holds the list. */}
          {(['grid', 'list'] as const).map((panel) => (
            <TabsContent key={panel} value={panel}>
              {view === panel && hasPhotos ? (
                <div className={hasScrubber ? cn('relative', isMobile ? SCRUBBER_ROOM.compact : SCRUBBER_ROOM.wide) : undefined}>
                  {chain.isJumped && (
                    <Button variant="outline" className="mb-3 w-full" onClick={chain.showNewer}>
                      <ArrowUp aria-hidden="true" />
                      {intl.formatMessage({ id: 'photos.gallery.showNewer', defaultMessage: 'Show newer photos' })}
                    </Button>
                  )}
                  <VirtualPhotoList
                    photos={loaded}
                    sortBy={sortBy}
                    view={panel}
                    hasMore={pages.hasNextPage}
                    isLoadingMore={pages.isFetchingNextPage}
                    onLoadMore={loadMore}
                    scrollTarget={chain.scrollTarget}
                    onTopMonthChange={setTopMonth}
                    renderPhoto={(photo) =>
                      panel === 'grid' ? (
                        <PhotoGridItem key={`${photo.id}-${timestamp}`} {...itemProps(photo)} />
                      ) : (
                        <PhotoListItem key={`${photo.id}-${timestamp}`} {...itemProps(photo)} />
                      )
                    }
                  />
                  {hasScrubber && <MonthScrubber months={chain.months} currentMonth={topMonth} onJump={chain.jump} isCompact={isMobile} />}
                </div>
              ) : (
                galleryStatus
              )}
            </TabsContent>
          ))}
        </Tabs>
        {selected && (
          <PhotoSelectionBar selectedIds={selectedIds} onDone={endSelection}>
            {selectionAction?.(selectedIds, endSelection)}
          </PhotoSelectionBar>
        )}
        <GalleryViewer photos={loaded} pages={pages} timestamp={timestamp} isMobile={isMobile} url={viewerUrl} faces={viewerFaces} />
      </CardContent>
    </Card>
  );
}
