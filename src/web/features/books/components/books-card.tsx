import { Download, Trash2, VolumeX } from 'lucide-react';
import type { Book } from '@shared/schemas/books';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useBooks, useDeleteBook, useStopVoiceLinks } from '../api';
import { VoiceLinkList } from './voice-link-list';

function BookRow({ book }: { book: Book }) {
  const intl = useIntl();
  const tryAgain = intl.formatMessage({ id: 'books.card.tryAgain', defaultMessage: 'Please try again.' });
  const remove = useDeleteBook();
  const onDelete = () =>
    remove.mutate(book.id, {
      onSuccess: () => toast({ title: intl.formatMessage({ id: 'books.card.deleted', defaultMessage: 'Book deleted' }) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'books.card.notDeleted', defaultMessage: 'Book not deleted' }),
          description: errorMessage(error, tryAgain),
        }),
    });
  const stop = useStopVoiceLinks();
  const onStop = () =>
    stop.mutate(book.id, {
      onSuccess: () =>
        toast({
          title: intl.formatMessage({ id: 'books.card.linksStopped', defaultMessage: 'The voice links are stopped' }),
          description: intl.formatMessage({ id: 'books.card.linksStoppedText', defaultMessage: 'The PDF is still here to download.' }),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'books.card.linksNotStopped', defaultMessage: 'The voice links were not stopped' }),
          description: errorMessage(error, tryAgain),
        }),
    });
  const building = book.status === 'queued' || book.status === 'building';
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium break-words">{book.title}</p>
        <div className="flex gap-2">
          {book.downloadUrl && (
            <Button asChild size="sm">
              <a href={book.downloadUrl} download>
                <Download aria-hidden="true" />
                {intl.formatMessage({ id: 'books.card.download', defaultMessage: 'Download' })}
              </a>
            </Button>
          )}
          <ConfirmDialog
            title={intl.formatMessage({ id: 'books.card.deleteTitle', defaultMessage: 'Delete “{title}”?' }, { title: book.title })}
            text={
              book.voiceLinks > 0
                ? intl.formatMessage(
                    {
                      id: 'books.card.deleteTextLinks',
                      defaultMessage:
                        'The PDF is deleted, and the {count, plural, one {link} other {# links}} its QR codes open stop working. Printed copies will no longer play the recordings.',
                    },
                    { count: book.voiceLinks },
                  )
                : intl.formatMessage({
                    id: 'books.card.deleteText',
                    defaultMessage: 'The PDF is deleted. Your memories and photos stay as they are.',
                  })
            }
            confirmLabel={intl.formatMessage({ id: 'books.card.deleteConfirm', defaultMessage: 'Delete book' })}
            destructive
            onConfirm={onDelete}
            trigger={
              <Button
                size="sm"
                variant="outline"
                disabled={remove.isPending}
                aria-label={intl.formatMessage({ id: 'books.card.deleteLabel', defaultMessage: 'Delete {title}' }, { title: book.title })}
              >
                <Trash2 aria-hidden="true" />
                {intl.formatMessage({ id: 'books.card.delete', defaultMessage: 'Delete' })}
              </Button>
            }
          />
        </div>
      </div>
      {building ? (
        <div className="grid gap-1">
          <Progress
            value={book.progress}
            aria-label={intl.formatMessage({ id: 'books.card.making', defaultMessage: 'Making {title}' }, { title: book.title })}
          />
          <p className="text-sm text-muted-foreground">
            {book.status === 'queued'
              ? intl.formatMessage({ id: 'books.card.waiting', defaultMessage: 'Waiting to start...' })
              : intl.formatMessage(
                  { id: 'books.card.progress', defaultMessage: 'Being made: {progress}%' },
                  { progress: String(book.progress) },
                )}
          </p>
        </div>
      ) : book.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {book.error ?? intl.formatMessage({ id: 'books.card.failed', defaultMessage: 'This book could not be made.' })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {book.size !== null
            ? intl.formatMessage(
                { id: 'books.card.detailsWithSize', defaultMessage: '{pageSize} · {pageCount} pages · {size}' },
                { pageSize: book.pageSize, pageCount: String(book.pageCount), size: formatBytes(book.size) },
              )
            : intl.formatMessage(
                { id: 'books.card.details', defaultMessage: '{pageSize} · {pageCount} pages' },
                { pageSize: book.pageSize, pageCount: String(book.pageCount) },
              )}
        </p>
      )}
      {!building && book.voiceLinks > 0 && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              {book.voiceLinksExpireAt
                ? intl.formatMessage(
                    { id: 'books.card.voiceLinksUntil', defaultMessage: 'Voice links: {count} (until {date})' },
                    { count: String(book.voiceLinks), date: formatLongDate(book.voiceLinksExpireAt) },
                  )
                : intl.formatMessage(
                    { id: 'books.card.voiceLinksNoEnd', defaultMessage: 'Voice links: {count} (no end)' },
                    { count: String(book.voiceLinks) },
                  )}
            </p>
            <ConfirmDialog
              title={intl.formatMessage({ id: 'books.card.stopAllTitle', defaultMessage: 'Stop all the voice links?' })}
              text={intl.formatMessage(
                {
                  id: 'books.card.stopAllText',
                  defaultMessage:
                    'The QR codes in printed copies of “{title}” will stop playing the recordings, for good. The PDF stays, and your memories and recordings stay as they are.',
                },
                { title: book.title },
              )}
              confirmLabel={intl.formatMessage({ id: 'books.card.stopAllConfirm', defaultMessage: 'Stop the voice links' })}
              destructive
              onConfirm={onStop}
              trigger={
                <Button size="sm" variant="outline" disabled={stop.isPending}>
                  <VolumeX aria-hidden="true" />
                  {intl.formatMessage({ id: 'books.card.stopAllConfirm', defaultMessage: 'Stop the voice links' })}
                </Button>
              }
            />
          </div>
          <VoiceLinkList book={book} />
        </div>
      )}
    </li>
  );
}

/** The owner's books: progress while one is made, then Download and Delete. Shown once there is one. */
export function BooksCard() {
  const intl = useIntl();
  const books = useBooks();
  if (books.isPending || (books.data && books.data.length === 0)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'books.card.title', defaultMessage: 'Your books' })}</CardTitle>
      </CardHeader>
      <CardContent>
        {books.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(
              books.error,
              intl.formatMessage({ id: 'books.card.loadFailed', defaultMessage: 'Your books cannot be shown right now.' }),
            )}
          </p>
        ) : (
          <ul className="grid gap-3">
            {books.data.map((book) => (
              <BookRow key={book.id} book={book} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
