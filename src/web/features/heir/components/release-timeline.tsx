import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Received } from '@shared/schemas/legacy';
import type { SharedCollection } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useReceivedRelease } from '../api';
import { KeepInLibrary } from './keep-in-library';
import { useIntl } from '@web/lib/i18n/use-intl';

type ReleaseData = Received['releases'][number];
/** Draws a release's contents: the route passes the shared view's collection view, which this feature may not import. */
export type RenderCollection = (collection: SharedCollection) => ReactNode;

const KIND_LABELS = defineMessages({
  collection: { id: 'heir.release.collection', defaultMessage: 'Collection' },
  photo: { id: 'heir.release.photo', defaultMessage: 'Photo' },
  memory: { id: 'heir.release.memory', defaultMessage: 'Memory' },
  document: { id: 'heir.release.document', defaultMessage: 'Document' },
  letter: { id: 'heir.release.letter', defaultMessage: 'Letter' },
});

function ReleaseContents({ url, renderCollection }: { url: string; renderCollection: RenderCollection }) {
  const intl = useIntl();
  const release = useReceivedRelease(url, true);
  if (release.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {intl.formatMessage({ id: 'heir.release.loading', defaultMessage: 'Loading…' })}
      </p>
    );
  }
  if (release.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-muted-foreground">
          {intl.formatMessage({ id: 'heir.release.failed', defaultMessage: 'This could not be loaded.' })}
        </p>
        <Button variant="outline" onClick={() => void release.refetch()}>
          {intl.formatMessage({ id: 'heir.release.tryAgain', defaultMessage: 'Try again' })}
        </Button>
      </div>
    );
  }
  return <>{renderCollection(release.data)}</>;
}

function ReleaseItem({ release, renderCollection }: { release: ReleaseData; renderCollection: RenderCollection }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const contentsId = `release-${release.grantId}`;
  return (
    <li className="relative grid grid-cols-1 gap-3 border-s-2 border-primary/30 ps-5 pb-6 last:pb-0">
      <span aria-hidden="true" className="absolute top-1.5 -start-[7px] size-3 rounded-full bg-primary" />
      <p className="text-sm text-muted-foreground">
        <time dateTime={release.releasedAt}>{formatLongDate(release.releasedAt)}</time> · {intl.formatMessage(KIND_LABELS[release.kind])}
      </p>
      <KeepInLibrary releaseId={release.grantId} />
      <Button
        variant="ghost"
        aria-expanded={isOpen}
        aria-controls={contentsId}
        onClick={() => setIsOpen((open) => !open)}
        className="h-auto justify-between gap-2 px-2 py-2 text-start text-lg font-semibold whitespace-normal"
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
