import { useState } from 'react';
import type { Book, BookVoiceLink } from '@shared/schemas/books';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useBookVoiceLinks, useStopVoiceLink } from '../api';

const STATES = defineMessages({
  stopped: { id: 'books.voiceLink.stopped', defaultMessage: 'Stopped' },
  ended: { id: 'books.voiceLink.ended', defaultMessage: 'Ended {date}' },
  until: { id: 'books.voiceLink.until', defaultMessage: 'Plays until {date}' },
  noEnd: { id: 'books.voiceLink.noEnd', defaultMessage: 'Plays with no end' },
});

/** How a link stands: stopped by the owner, ended on its last day, or working (until when). */
function linkState(link: BookVoiceLink, now = Date.now()) {
  const intl = activeIntl();
  if (link.revoked) return intl.formatMessage(STATES.stopped);
  if (link.expiresAt && Date.parse(link.expiresAt) <= now)
    return intl.formatMessage(STATES.ended, { date: formatLongDate(link.expiresAt) });
  return link.expiresAt ? intl.formatMessage(STATES.until, { date: formatLongDate(link.expiresAt) }) : intl.formatMessage(STATES.noEnd);
}

function VoiceLinkRow({ book, link }: { book: Book; link: BookVoiceLink }) {
  const intl = useIntl();
  const stop = useStopVoiceLink();
  const working = !link.revoked && (!link.expiresAt || Date.parse(link.expiresAt) > Date.now());
  const onStop = () =>
    stop.mutate(
      { bookId: book.id, linkId: link.id },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'books.voiceLink.stoppedTitle', defaultMessage: 'The link is stopped' }),
            description: intl.formatMessage(
              { id: 'books.voiceLink.stoppedText', defaultMessage: 'Its QR code no longer plays “{title}”.' },
              { title: link.memoryTitle },
            ),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'books.voiceLink.notStopped', defaultMessage: 'The link was not stopped' }),
            description: errorMessage(error, intl.formatMessage({ id: 'books.voiceLink.tryAgain', defaultMessage: 'Please try again.' })),
          }),
      },
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 first:border-t-0 first:pt-0">
      <div className="min-w-0">
        <p className="text-sm font-medium break-words">{link.memoryTitle}</p>
        <p className="text-xs text-muted-foreground">
          {intl.formatMessage(
            { id: 'books.voiceLink.made', defaultMessage: 'Made {date} · {state}' },
            { date: formatLongDate(link.createdAt), state: linkState(link) },
          )}
        </p>
      </div>
      {working && (
        <ConfirmDialog
          title={intl.formatMessage({ id: 'books.voiceLink.stopTitle', defaultMessage: 'Stop this link?' })}
          text={intl.formatMessage(
            {
              id: 'books.voiceLink.stopText',
              defaultMessage:
                "The QR code for “{memory}” in printed copies of “{book}” will stop playing its recordings, for good. The book's other links keep working.",
            },
            { memory: link.memoryTitle, book: book.title },
          )}
          confirmLabel={intl.formatMessage({ id: 'books.voiceLink.stop', defaultMessage: 'Stop this link' })}
          destructive
          onConfirm={onStop}
          trigger={
            <Button
              size="sm"
              variant="outline"
              disabled={stop.isPending}
              aria-label={intl.formatMessage(
                { id: 'books.voiceLink.stopLabel', defaultMessage: 'Stop this link: {title}' },
                { title: link.memoryTitle },
              )}
            >
              {intl.formatMessage({ id: 'books.voiceLink.stop', defaultMessage: 'Stop this link' })}
            </Button>
          }
        />
      )}
    </li>
  );
}

/** A ready book's voice links one by one (read when opened): each memory, when it was made, until when it plays. */
export function VoiceLinkList({ book }: { book: Book }) {
  const intl = useIntl();
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
        {open
          ? intl.formatMessage({ id: 'books.voiceLinks.hide', defaultMessage: 'Hide each link' })
          : intl.formatMessage({ id: 'books.voiceLinks.show', defaultMessage: 'See each link' })}
      </Button>
      {open && (
        <div id={listId}>
          {links.isPending ? (
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage({ id: 'books.voiceLinks.loading', defaultMessage: 'Loading the links...' })}
            </p>
          ) : links.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(
                links.error,
                intl.formatMessage({ id: 'books.voiceLinks.loadFailed', defaultMessage: 'The links cannot be shown right now.' }),
              )}
            </p>
          ) : links.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage({ id: 'books.voiceLinks.none', defaultMessage: 'This book has no voice links.' })}
            </p>
          ) : (
            <ul
              aria-label={intl.formatMessage(
                { id: 'books.voiceLinks.listLabel', defaultMessage: 'Voice links of {title}' },
                { title: book.title },
              )}
              className="grid gap-2 rounded-md bg-muted/40 p-2"
            >
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
