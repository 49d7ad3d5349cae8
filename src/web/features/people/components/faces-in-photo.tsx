import { useState } from 'react';
import { Link } from 'react-router';
import type { Face } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useFaceLabel, usePhotoFaces, useRemoveFace } from '../faces-api';
import { toastWords } from '../toast-messages';
import { ChoosePerson } from './choose-person';

/** The photo viewer's list of the people in the photo (issue 29): each name links to their page; a face can be moved or removed. */
export function FacesInPhoto({ photoId, personHref }: { photoId: number; personHref: (id: number) => string }) {
  const intl = useIntl();
  const faces = usePhotoFaces(photoId);
  return (
    <section aria-labelledby={`faces-${photoId}`} className="grid content-start gap-2 text-sm">
      <h3 id={`faces-${photoId}`} className="font-medium">
        {intl.formatMessage({ id: 'people.inPhoto.title', defaultMessage: 'People in this photo' })}
      </h3>
      {faces.isPending ? null : faces.isError ? (
        <p className="text-muted-foreground">
          {intl.formatMessage({ id: 'people.inPhoto.failed', defaultMessage: 'The faces could not be loaded.' })}
        </p>
      ) : faces.data.length === 0 ? (
        <p className="text-muted-foreground">
          {intl.formatMessage({ id: 'people.inPhoto.empty', defaultMessage: 'No one is marked in this photo yet.' })}
        </p>
      ) : (
        <ul className="grid gap-2">
          {faces.data.map((face) => (
            <FaceRow key={face.id} face={face} personHref={personHref} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FaceRow({ face, personHref }: { face: Face; personHref: (id: number) => string }) {
  const intl = useIntl();
  const label = useFaceLabel(face);
  const remove = useRemoveFace();
  const [mode, setMode] = useState<'view' | 'change' | 'remove'>('view');

  const removeFace = () =>
    remove.mutate(face.id, {
      onSuccess: () => toast({ title: intl.formatMessage({ id: 'people.inPhoto.removed', defaultMessage: 'Face removed' }) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage(toastWords.error),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'people.inPhoto.removeFailed', defaultMessage: 'Failed to remove the face' }),
          ),
        }),
    });

  return (
    <li className="grid gap-2">
      <div className="flex items-center gap-1">
        {face.personId === null ? (
          <span className="min-w-0 flex-1 truncate text-muted-foreground">{label}</span>
        ) : (
          <Link
            to={personHref(face.personId)}
            className="min-w-0 flex-1 truncate font-medium text-primary underline-offset-4 hover:underline"
          >
            {label}
          </Link>
        )}
        <span className="flex shrink-0">
          <Button
            size="sm"
            variant="ghost"
            aria-label={intl.formatMessage(
              { id: 'people.inPhoto.changeLabel', defaultMessage: 'Change who this is: {name}' },
              { name: label },
            )}
            onClick={() => setMode(mode === 'change' ? 'view' : 'change')}
          >
            {intl.formatMessage({ id: 'people.inPhoto.change', defaultMessage: 'Change' })}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={intl.formatMessage(
              { id: 'people.inPhoto.removeLabel', defaultMessage: 'Remove the face of {name}' },
              { name: label },
            )}
            onClick={() => setMode('remove')}
          >
            {intl.formatMessage({ id: 'people.inPhoto.remove', defaultMessage: 'Remove' })}
          </Button>
        </span>
      </div>
      {mode === 'change' && <ChoosePerson face={face} onDone={() => setMode('view')} />}
      {mode === 'remove' && (
        <span className="flex flex-wrap items-center gap-2">
          {intl.formatMessage({ id: 'people.inPhoto.removeQuestion', defaultMessage: 'Remove this face from the photo?' })}
          <Button size="sm" variant="outline" disabled={remove.isPending} onClick={removeFace}>
            {intl.formatMessage({ id: 'people.inPhoto.removeFace', defaultMessage: 'Remove face' })}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('view')}>
            {intl.formatMessage({ id: 'people.inPhoto.cancel', defaultMessage: 'Cancel' })}
          </Button>
        </span>
      )}
    </li>
  );
}
