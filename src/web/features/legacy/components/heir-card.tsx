import { Lock, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Heir, Letter, Release } from '@shared/schemas/legacy';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useDeleteLetter, useRemoveHeir, useRemoveRelease } from '../api';
import { conditionText, formatDay, targetKindName } from '../wording';
import { AddReleaseDialog } from './add-release-dialog';
import { DateOfBirthDialog } from './date-of-birth-dialog';
import { KeyCodeButton } from './key-code-dialog';
import { LetterDialog } from './letter-dialog';
import { PreviewDialog } from './preview-dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

const failed = (fallback: string) => (err: unknown) =>
  toast({
    variant: 'destructive',
    title: activeIntl().formatMessage({ id: 'legacy.common.error', defaultMessage: 'Error' }),
    description: errorMessage(err, fallback),
  });

function ReleaseRows({ heir, releases }: { heir: Heir; releases: Release[] }) {
  const intl = useIntl();
  const removeRelease = useRemoveRelease();
  if (releases.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({ id: 'legacy.heir.nothingYet', defaultMessage: 'Nothing yet.' })}
      </p>
    );
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'legacy.heir.receives', defaultMessage: 'What {name} receives' }, { name: heir.name })}
      className="grid gap-2"
    >
      {releases.map((release) => (
        <li key={release.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
          <span className="min-w-0">
            <span className="font-medium break-words">{release.target.title}</span>{' '}
            <span className="text-muted-foreground">· {targetKindName(release.target.kind)}</span>
            <span className="block text-xs text-muted-foreground">
              {conditionText(release, heir)}
              {release.includeNames && ` · ${intl.formatMessage({ id: 'legacy.heir.namesIncluded', defaultMessage: 'Names included' })}`}
            </span>
          </span>
          {release.condition !== 'now' && (
            <ConfirmDialog
              title={intl.formatMessage({ id: 'legacy.heir.removeReleaseTitle', defaultMessage: 'Remove this?' })}
              text={intl.formatMessage(
                {
                  id: 'legacy.heir.removeReleaseText',
                  defaultMessage: '{name} will no longer receive “{title}”. The item itself is kept.',
                },
                { name: heir.name, title: release.target.title },
              )}
              confirmLabel={intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
              onConfirm={() =>
                removeRelease.mutate(release.id, {
                  onSuccess: () => toast({ title: intl.formatMessage({ id: 'legacy.common.removed', defaultMessage: 'Removed' }) }),
                  onError: failed(intl.formatMessage({ id: 'legacy.heir.removeReleaseFailed', defaultMessage: 'Failed to remove it' })),
                })
              }
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={intl.formatMessage(
                    { id: 'legacy.heir.removeRelease', defaultMessage: 'Remove {title}' },
                    { title: release.target.title },
                  )}
                >
                  {intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
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
  const intl = useIntl();
  const deleteLetter = useDeleteLetter();
  if (letters.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({ id: 'legacy.heir.noLetters', defaultMessage: 'No letters yet.' })}
      </p>
    );
  return (
    <ul
      aria-label={intl.formatMessage({ id: 'legacy.heir.lettersTo', defaultMessage: 'Letters to {name}' }, { name: heir.name })}
      className="grid gap-2"
    >
      {letters.map((letter) => (
        <li key={letter.id} className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm">
          <span className="min-w-0">
            <span className="font-medium break-words">{letter.title}</span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              {letter.sealed && (
                <>
                  <Lock aria-hidden="true" className="size-3" />
                  {intl.formatMessage({ id: 'legacy.heir.sealed', defaultMessage: 'Sealed ·' })}
                </>
              )}
              {intl.formatMessage({ id: 'legacy.heir.written', defaultMessage: 'Written {date}' }, { date: formatDay(letter.createdAt) })}
              {letter.attachments.length > 0 &&
                ` · ${intl.formatMessage({ id: 'legacy.heir.recordings', defaultMessage: '{count, plural, one {# voice recording} other {# voice recordings}}' }, { count: letter.attachments.length })}`}
            </span>
            {letter.sealed && letter.sealed.recipientPublicKey !== heir.publicKey && (
              <span className="block text-xs font-medium text-destructive">
                {intl.formatMessage(
                  {
                    id: 'legacy.heir.oldKey',
                    defaultMessage: 'Sealed with an old key code: {name}’s new code cannot open it. Write it again.',
                  },
                  { name: heir.name },
                )}
              </span>
            )}
          </span>
          <ConfirmDialog
            title={intl.formatMessage({ id: 'legacy.heir.deleteLetterTitle', defaultMessage: 'Delete this letter?' })}
            text={intl.formatMessage(
              { id: 'legacy.heir.deleteLetterText', defaultMessage: '“{title}” will be deleted and {name} will never receive it.' },
              { title: letter.title, name: heir.name },
            )}
            confirmLabel={intl.formatMessage({ id: 'legacy.heir.delete', defaultMessage: 'Delete' })}
            onConfirm={() =>
              deleteLetter.mutate(letter.id, {
                onSuccess: () =>
                  toast({ title: intl.formatMessage({ id: 'legacy.heir.letterDeleted', defaultMessage: 'Letter deleted' }) }),
                onError: failed(
                  intl.formatMessage({ id: 'legacy.heir.deleteLetterFailed', defaultMessage: 'Failed to delete the letter' }),
                ),
              })
            }
            trigger={
              <Button
                variant="ghost"
                size="icon"
                aria-label={intl.formatMessage(
                  { id: 'legacy.heir.deleteLetter', defaultMessage: 'Delete letter {title}' },
                  { title: letter.title },
                )}
              >
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
  const intl = useIntl();
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
            {heir.dateOfBirth &&
              ` · ${intl.formatMessage({ id: 'legacy.heir.born', defaultMessage: 'born {date}' }, { date: formatDay(heir.dateOfBirth) })}`}
          </p>
        </div>
        {heir.hasKeyCode ? (
          <Badge variant="secondary">
            {intl.formatMessage(
              { id: 'legacy.heir.keyCodeMade', defaultMessage: 'Key code made {date}' },
              { date: formatDay(heir.keyCodeCreatedAt) },
            )}
          </Badge>
        ) : (
          <Badge variant="outline">{intl.formatMessage({ id: 'legacy.heir.noKeyCode', defaultMessage: 'No key code yet' })}</Badge>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <KeyCodeButton heir={heir} />
        <PreviewDialog heir={heir} />
        <DateOfBirthDialog heir={heir} />
      </div>
      <section className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h4 className="font-medium">
            {intl.formatMessage({ id: 'legacy.heir.receives', defaultMessage: 'What {name} receives' }, { name: heir.name })}
          </h4>
          <AddReleaseDialog heir={heir} letters={letters} />
        </div>
        <ReleaseRows heir={heir} releases={releases} />
      </section>
      <section className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h4 className="font-medium">{intl.formatMessage({ id: 'legacy.heir.letters', defaultMessage: 'Letters' })}</h4>
          <LetterDialog heir={heir} />
        </div>
        <LetterRows heir={heir} letters={letters} />
      </section>
      <div>
        <ConfirmDialog
          title={intl.formatMessage({ id: 'legacy.heir.removeTitle', defaultMessage: 'Remove {name} as an heir?' }, { name: heir.name })}
          text={intl.formatMessage({
            id: 'legacy.heir.removeText',
            defaultMessage: 'Their key code stops working, and nothing will be released to them. Their letters are deleted.',
          })}
          confirmLabel={intl.formatMessage({ id: 'legacy.heir.remove', defaultMessage: 'Remove heir' })}
          onConfirm={() =>
            // this card goes with the heir, so the toast hangs on the promise
            removeHeir.mutateAsync(heir.id).then(
              () =>
                toast({
                  title: intl.formatMessage({ id: 'legacy.heir.removed', defaultMessage: 'Heir removed' }),
                  description: intl.formatMessage(
                    { id: 'legacy.heir.removedText', defaultMessage: '{name} is no longer an heir.' },
                    { name: heir.name },
                  ),
                }),
              failed(intl.formatMessage({ id: 'legacy.heir.removeFailed', defaultMessage: 'Failed to remove the heir' })),
            )
          }
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive">
              {intl.formatMessage({ id: 'legacy.heir.remove', defaultMessage: 'Remove heir' })}
            </Button>
          }
        />
      </div>
    </li>
  );
}
