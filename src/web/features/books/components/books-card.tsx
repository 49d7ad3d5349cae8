import { Download, Trash2, VolumeX } from 'lucide-react';
import type { Book } from '@shared/schemas/books';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes, formatLongDate } from '@web/lib/format';
import { useBooks, useDeleteBook, useStopVoiceLinks } from '../api';
import { VoiceLinkList } from './voice-link-list';

function BookRow({ book }: { book: Book }) {
  const remove = useDeleteBook();
  const onDelete = () =>
    remove.mutate(book.id, {
      onSuccess: () => toast({ title: 'Book deleted' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Book not deleted', description: errorMessage(error, 'Please try again.') }),
    });
  const stop = useStopVoiceLinks();
  const onStop = () =>
    stop.mutate(book.id, {
      onSuccess: () => toast({ title: 'The voice links are stopped', description: 'The PDF is still here to download.' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'The voice links were not stopped', description: errorMessage(error, 'Please try again.') }),
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
                Download
              </a>
            </Button>
          )}
          <ConfirmDialog
            title={`Delete “${book.title}”?`}
            text={
              book.voiceLinks > 0
                ? `The PDF is deleted, and the ${book.voiceLinks === 1 ? 'link' : `${book.voiceLinks} links`} its QR codes open stop working. Printed copies will no longer play the recordings.`
                : 'The PDF is deleted. Your memories and photos stay as they are.'
            }
            confirmLabel="Delete book"
            destructive
            onConfirm={onDelete}
            trigger={
              <Button size="sm" variant="outline" disabled={remove.isPending} aria-label={`Delete ${book.title}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
          />
        </div>
      </div>
      {building ? (
        <div className="grid gap-1">
          <Progress value={book.progress} aria-label={`Making ${book.title}`} />
          <p className="text-sm text-muted-foreground">
            {book.status === 'queued' ? 'Waiting to start...' : `Being made: ${book.progress}%`}
          </p>
        </div>
      ) : book.status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          {book.error ?? 'This book could not be made.'}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {book.pageSize} · {book.pageCount} pages{book.size !== null ? ` · ${formatBytes(book.size)}` : ''}
        </p>
      )}
      {!building && book.voiceLinks > 0 && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">
              Voice links: {book.voiceLinks} ({book.voiceLinksExpireAt ? `until ${formatLongDate(book.voiceLinksExpireAt)}` : 'no end'})
            </p>
            <ConfirmDialog
              title="Stop all the voice links?"
              text={`The QR codes in printed copies of “${book.title}” will stop playing the recordings, for good. The PDF stays, and your memories and recordings stay as they are.`}
              confirmLabel="Stop the voice links"
              destructive
              onConfirm={onStop}
              trigger={
                <Button size="sm" variant="outline" disabled={stop.isPending}>
                  <VolumeX aria-hidden="true" />
                  Stop the voice links
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
  const books = useBooks();
  if (books.isPending || (books.data && books.data.length === 0)) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your books</CardTitle>
      </CardHeader>
      <CardContent>
        {books.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(books.error, 'Your books cannot be shown right now.')}
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
