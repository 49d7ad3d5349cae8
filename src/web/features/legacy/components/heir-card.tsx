import { Lock, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Heir, Letter, Release } from '@shared/schemas/legacy';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDeleteLetter, useRemoveHeir, useRemoveRelease } from '../api';
import { conditionText, formatDay, targetKindName } from '../wording';
import { AddReleaseDialog } from './add-release-dialog';
import { DateOfBirthDialog } from './date-of-birth-dialog';
import { KeyCodeButton } from './key-code-dialog';
import { LetterDialog } from './letter-dialog';
import { PreviewDialog } from './preview-dialog';

const failed = (fallback: string) => (err: unknown) =>
  toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, fallback) });

function ReleaseRows({ heir, releases }: { heir: Heir; releases: Release[] }) {
  const removeRelease = useRemoveRelease();
  if (releases.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet.</p>;
  return (
    <ul aria-label={`What ${heir.name} receives`} className="grid gap-2">
      {releases.map((release) => (
        <li key={release.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
          <span className="min-w-0">
            <span className="font-medium break-words">{release.target.title}</span>{' '}
            <span className="text-muted-foreground">· {targetKindName(release.target.kind)}</span>
            <span className="block text-xs text-muted-foreground">
              {conditionText(release, heir)}
              {release.includeNames && ' · Names included'}
            </span>
          </span>
          {release.condition !== 'now' && (
            <ConfirmDialog
              title="Remove this?"
              text={`${heir.name} will no longer receive “${release.target.title}”. The item itself is kept.`}
              confirmLabel="Remove"
              onConfirm={() =>
                removeRelease.mutate(release.id, { onSuccess: () => toast({ title: 'Removed' }), onError: failed('Failed to remove it') })
              }
              trigger={
                <Button variant="ghost" size="sm" aria-label={`Remove ${release.target.title}`}>
                  Remove
                </Button>
              }
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function LetterRows({ heir, letters }: { heir: Heir; letters: Letter[] }) {
  const deleteLetter = useDeleteLetter();
  if (letters.length === 0) return <p className="text-sm text-muted-foreground">No letters yet.</p>;
  return (
    <ul aria-label={`Letters to ${heir.name}`} className="grid gap-2">
      {letters.map((letter) => (
        <li key={letter.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
          <span className="min-w-0">
            <span className="font-medium break-words">{letter.title}</span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              {letter.sealed && (
                <>
                  <Lock aria-hidden="true" className="size-3" />
                  Sealed ·
                </>
              )}
              Written {formatDay(letter.createdAt)}
              {letter.attachments.length > 0 &&
                ` · ${letter.attachments.length === 1 ? '1 voice recording' : `${letter.attachments.length} voice recordings`}`}
            </span>
            {letter.sealed && letter.sealed.recipientPublicKey !== heir.publicKey && (
              <span className="block text-xs font-medium text-destructive">
                Sealed with an old key code: {heir.name}’s new code cannot open it. Write it again.
              </span>
            )}
          </span>
          <ConfirmDialog
            title="Delete this letter?"
            text={`“${letter.title}” will be deleted and ${heir.name} will never receive it.`}
            confirmLabel="Delete"
            onConfirm={() =>
              deleteLetter.mutate(letter.id, {
                onSuccess: () => toast({ title: 'Letter deleted' }),
                onError: failed('Failed to delete the letter'),
              })
            }
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Delete letter ${letter.title}`}>
                <Trash2 aria-hidden="true" />
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** One heir: their key code, what they receive, their letters, the dry run and removal. */
export function HeirCard({ heir, releases, letters }: { heir: Heir; releases: Release[]; letters: Letter[] }) {
  const removeHeir = useRemoveHeir();
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold break-words">
            {heir.name}
          </h3>
          <p className="text-sm break-words text-muted-foreground">
            {heir.email}
            {heir.dateOfBirth && ` · born ${formatDay(heir.dateOfBirth)}`}
          </p>
        </div>
        {heir.hasKeyCode ? (
          <Badge variant="secondary">Key code made {formatDay(heir.keyCodeCreatedAt)}</Badge>
        ) : (
          <Badge variant="outline">No key code yet</Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <KeyCodeButton heir={heir} />
        <PreviewDialog heir={heir} />
        <DateOfBirthDialog heir={heir} />
      </div>
      <section className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h4 className="font-medium">What {heir.name} receives</h4>
          <AddReleaseDialog heir={heir} letters={letters} />
        </div>
        <ReleaseRows heir={heir} releases={releases} />
      </section>
      <section className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h4 className="font-medium">Letters</h4>
          <LetterDialog heir={heir} />
        </div>
        <LetterRows heir={heir} letters={letters} />
      </section>
      <div>
        <ConfirmDialog
          title={`Remove ${heir.name} as an heir?`}
          text="Their key code stops working, and nothing will be released to them. Their letters are deleted."
          confirmLabel="Remove heir"
          onConfirm={() =>
            // this card goes with the heir, so the toast hangs on the promise
            removeHeir
              .mutateAsync(heir.id)
              .then(
                () => toast({ title: 'Heir removed', description: `${heir.name} is no longer an heir.` }),
                failed('Failed to remove the heir'),
              )
          }
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive">
              Remove heir
            </Button>
          }
        />
      </div>
    </li>
  );
}
