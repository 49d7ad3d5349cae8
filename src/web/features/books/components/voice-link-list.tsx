import { useState } from 'react';
import type { Book, BookVoiceLink } from '@shared/schemas/books';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useBookVoiceLinks, useStopVoiceLink } from '../api';

/** How a link stands: stopped by the owner, ended on its last day, or working (until when). */
function linkState(link: BookVoiceLink, now = Date.now()) {
  if (link.revoked) return 'Stopped';
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return `Ended ${formatLongDate(link.expiresAt)}`;
  return link.expiresAt ? `Plays until ${formatLongDate(link.expiresAt)}` : 'Plays with no end';
}

function VoiceLinkRow({ book, link }: { book: Book; link: BookVoiceLink }) {
  const stop = useStopVoiceLink();
  const working = !link.revoked && (!link.expiresAt || Date.parse(link.expiresAt) > Date.now());
  const onStop = () =>
    stop.mutate(
      { bookId: book.id, linkId: link.id },
      {
        onSuccess: () => toast({ title: 'The link is stopped', description: `Its QR code no longer plays “${link.memoryTitle}”.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The link was not stopped', description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 first:border-t-0 first:pt-0">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words">{link.memoryTitle}</p>
        <p className="text-xs text-muted-foreground">
          Made {formatLongDate(link.createdAt)} · {linkState(link)}
        </p>
      </div>
      {working && (
        <ConfirmDialog
          title="Stop this link?"
          text={`The QR code for “${link.memoryTitle}” in printed copies of “${book.title}” will stop playing its recordings, for good. The book's other links keep working.`}
          confirmLabel="Stop this link"
          destructive
          onConfirm={onStop}
          trigger={
            <Button size="sm" variant="outline" disabled={stop.isPending} aria-label={`Stop this link: ${link.memoryTitle}`}>
              Stop this link
            </Button>
          }
        />
      )}
    </li>
  );
}

/** A ready book's voice links one by one (read when opened): each memory, when it was made, until when it plays. */
export function VoiceLinkList({ book }: { book: Book }) {
  const [open, setOpen] = useState(false);
  const links = useBookVoiceLinks(book.id, open);
  const listId = `book-${book.id}-voice-links`;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        size="sm"
        variant="link"
        className="h-auto justify-self-start p-0"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide each link' : 'See each link'}
      </Button>
      {open && (
        <div id={listId}>
          {links.isPending ? (
            <p className="text-sm text-muted-foreground">Loading the links...</p>
          ) : links.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(links.error, 'The links cannot be shown right now.')}
            </p>
          ) : links.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">This book has no voice links.</p>
          ) : (
            <ul aria-label={`Voice links of ${book.title}`} className="grid gap-2 rounded-md bg-muted/40 p-2">
              {links.data.map((link) => (
                <VoiceLinkRow key={link.id} book={book} link={link} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
