import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Received } from '@shared/schemas/legacy';
import type { SharedCollection } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/lib/format';
import { useReceivedRelease } from '../api';
import { KeepInLibrary } from './keep-in-library';

type ReleaseData = Received['releases'][number];
/** Draws a release's contents: the route passes the shared view's collection view, which this feature may not import. */
export type RenderCollection = (collection: SharedCollection) => ReactNode;

const KIND_LABELS: Record<ReleaseData['kind'], string> = {
  collection: 'Collection',
  photo: 'Photo',
  memory: 'Memory',
  document: 'Document',
  letter: 'Letter',
};

function ReleaseContents({ url, renderCollection }: { url: string; renderCollection: RenderCollection }) {
  const release = useReceivedRelease(url, true);
  if (release.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Loading…
      </p>
    );
  }
  if (release.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-muted-foreground">This could not be loaded.</p>
        <Button variant="outline" onClick={() => void release.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{renderCollection(release.data)}</>;
}

function ReleaseItem({ release, renderCollection }: { release: ReleaseData; renderCollection: RenderCollection }) {
  const [isOpen, setIsOpen] = useState(false);
  const contentsId = `release-${release.grantId}`;
  return (
    <li className="relative grid grid-cols-1 gap-3 border-l-2 border-primary/30 pb-6 pl-5 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 -left-[7px] size-3 rounded-full bg-primary" />
      <p className="text-sm text-muted-foreground">
        <time dateTime={release.releasedAt}>{formatLongDate(release.releasedAt)}</time> · {KIND_LABELS[release.kind]}
      </p>
      <KeepInLibrary releaseId={release.grantId} />
      <Button
        variant="ghost"
        aria-expanded={isOpen}
        aria-controls={contentsId}
        onClick={() => setIsOpen((open) => !open)}
        className="h-auto justify-between gap-2 px-2 py-2 text-left text-lg font-semibold whitespace-normal"
      >
        <span className="min-w-0 break-words">{release.title}</span>
        <ChevronDown
          aria-hidden="true"
          className={isOpen ? 'size-5 shrink-0 rotate-180 transition-transform' : 'size-5 shrink-0 transition-transform'}
        />
      </Button>
      <div id={contentsId} hidden={!isOpen}>
        {isOpen && <ReleaseContents url={release.url} renderCollection={renderCollection} />}
      </div>
    </li>
  );
}

/** What was released to the heir, oldest first; each release opens in place to its contents. */
export function ReleaseTimeline({ releases, renderCollection }: { releases: ReleaseData[]; renderCollection: RenderCollection }) {
  const sorted = [...releases].sort((a, b) => a.releasedAt.localeCompare(b.releasedAt));
  return (
    <ol className="grid grid-cols-1">
      {sorted.map((release) => (
        <ReleaseItem key={release.grantId} release={release} renderCollection={renderCollection} />
      ))}
    </ol>
  );
}
