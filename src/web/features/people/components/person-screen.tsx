import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import type { Person } from '@shared/schemas/people';
import type { Photo } from '@shared/schemas/photos';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { useLoadErrorToast } from '@web/hooks/use-load-error-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { usePerson, usePersonPhotos, useUpdatePerson } from '../api';
import { FaceCrop } from '@web/components/face-crop';
import { toastWords } from '../toast-messages';
import { ContactDetails, NamedInMemories, PhotosHeading, SeenWith } from './person-context';
import { ContactLink, MergeInto } from './person-links';

const messages = defineMessages({
  tooLong: { id: 'people.person.nameTooLong', defaultMessage: 'A name has at most {max} characters' },
});

const nameFormSchema = z.object({
  name: z
    .string()
    .trim()
    .max(MAX_SHORT_TEXT_LENGTH, { error: () => activeIntl().formatMessage(messages.tooLong, { max: String(MAX_SHORT_TEXT_LENGTH) }) }),
});
type NameForm = z.infer<typeof nameFormSchema>;

/**
 * /people/:id: one person, their name, and every photo they are in (issue 29). `thumbnail` draws one photo of
 * the grid (the photos feature's, composed by the route).
 */
export function PersonScreen({
  id,
  notFound,
  thumbnail,
  memoryHref,
  onMerged,
  links,
}: {
  id: number;
  notFound: ReactNode;
  thumbnail: (photo: Photo) => ReactNode;
  /** Where a memory that names them opens (My Story's list, composed by the route). */
  memoryHref: (memoryId: number) => string;
  /** This person joined another: show that one. */
  onMerged: (intoId: number) => void;
  /** Their photos elsewhere (the gallery and the timeline filtered to them), composed by the route. */
  links?: ReactNode;
}) {
  const person = usePerson(id);
  const [withPerson, setWithPerson] = useState<Person>();
  if (person.isError) return notFound;
  if (person.isPending) return <Skeleton className="h-32" />;
  return (
    <div>
      <PersonHeader person={person.data} />
      {links && <p className="mt-4 flex flex-wrap gap-4 text-sm">{links}</p>}
      <div className="mt-6 grid max-w-2xl gap-4 sm:grid-cols-2">
        <ContactLink person={person.data} />
        <MergeInto person={person.data} onMerged={onMerged} />
      </div>
      <SeenWith person={person.data} withId={withPerson?.id} onChoose={setWithPerson} />
      <NamedInMemories person={person.data} memoryHref={memoryHref} />
      <PersonPhotos id={id} withPerson={withPerson} onClearWith={() => setWithPerson(undefined)} thumbnail={thumbnail} />
    </div>
  );
}

function PersonHeader({ person }: { person: Person }) {
  const intl = useIntl();
  const update = useUpdatePerson(person.id);
  const form = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), values: { name: person.name ?? '' } });
  const [confirmHide, setConfirmHide] = useState(false);
  const fail = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: intl.formatMessage(toastWords.error),
      description: errorMessage(error, intl.formatMessage(toastWords.saveFailed)),
    });

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { name: values.name || null },
      {
        onSuccess: () => toast({ title: intl.formatMessage({ id: 'people.person.nameSaved', defaultMessage: 'Name saved' }) }),
        onError: fail,
      },
    ),
  );

  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
      <FaceCrop src={person.coverUrl} box={person.coverBox} className="size-32" />
      <div className="grid flex-1 gap-3">
        <h1 className="text-3xl font-semibold sm:text-4xl">
          {person.name ?? intl.formatMessage({ id: 'people.person.notNamed', defaultMessage: 'Someone not yet named' })}
        </h1>
        <ContactDetails person={person} />
        <p className="text-muted-foreground">
          {person.hidden
            ? intl.formatMessage(
                {
                  id: 'people.person.inPhotosHidden',
                  defaultMessage: '{count, plural, one {In # photo} other {In # photos}} · hidden from People',
                },
                { count: person.faceCount },
              )
            : intl.formatMessage(
                { id: 'people.person.inPhotos', defaultMessage: '{count, plural, one {In # photo} other {In # photos}}' },
                { count: person.faceCount },
              )}
        </p>
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <FormField label={intl.formatMessage({ id: 'people.person.name', defaultMessage: 'Name' })} error={form.formState.errors.name}>
              <Input
                autoComplete="off"
                placeholder={intl.formatMessage({ id: 'people.person.namePlaceholder', defaultMessage: 'Who is this?' })}
                {...form.register('name')}
              />
            </FormField>
          </div>
          <SubmitButton isPending={update.isPending}>
            {intl.formatMessage({ id: 'people.person.saveName', defaultMessage: 'Save name' })}
          </SubmitButton>
        </form>
        <OnThisDaySwitch person={person} />
        <div>
          {person.hidden ? (
            <Button variant="outline" onClick={() => update.mutate({ hidden: false }, { onError: fail })}>
              {intl.formatMessage({ id: 'people.person.show', defaultMessage: 'Show in People' })}
            </Button>
          ) : confirmHide ? (
            <span className="flex flex-wrap items-center gap-2 text-sm">
              {intl.formatMessage({
                id: 'people.person.hideQuestion',
                defaultMessage: 'Hide this person from People and from the faces heirloom asks about?',
              })}
              <Button variant="outline" size="sm" onClick={() => update.mutate({ hidden: true }, { onError: fail })}>
                {intl.formatMessage({ id: 'people.person.hide', defaultMessage: 'Hide' })}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirmHide(false)}>
                {intl.formatMessage({ id: 'people.person.cancel', defaultMessage: 'Cancel' })}
              </Button>
            </span>
          ) : (
            <Button variant="ghost" onClick={() => setConfirmHide(true)}>
              {intl.formatMessage({ id: 'people.person.hideThis', defaultMessage: 'Hide this person' })}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Kind to grief: On This Day can leave out someone the owner is not ready to see every year. */
function OnThisDaySwitch({ person }: { person: Person }) {
  const intl = useIntl();
  const update = useUpdatePerson(person.id);
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={person.onThisDay}
        disabled={update.isPending}
        onCheckedChange={(onThisDay) =>
          update.mutate(
            { onThisDay },
            {
              onSuccess: () =>
                toast({
                  title: onThisDay
                    ? intl.formatMessage({ id: 'people.person.onThisDayBack', defaultMessage: 'Back in On This Day' })
                    : intl.formatMessage({ id: 'people.person.onThisDayOut', defaultMessage: 'Left out of On This Day' }),
                  description: onThisDay
                    ? undefined
                    : intl.formatMessage({
                        id: 'people.person.onThisDayOutText',
                        defaultMessage: 'Photos with this person no longer come back on their day. You can change this here at any time.',
                      }),
                }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage(toastWords.error),
                  description: errorMessage(error, intl.formatMessage(toastWords.saveFailed)),
                }),
            },
          )
        }
      />
      <label htmlFor={id} className="text-sm">
        {intl.formatMessage({ id: 'people.person.onThisDay', defaultMessage: 'Show in On This Day' })}
      </label>
    </div>
  );
}

function PersonPhotos({
  id,
  withPerson,
  onClearWith,
  thumbnail,
}: {
  id: number;
  withPerson: Person | undefined;
  onClearWith: () => void;
  thumbnail: (photo: Photo) => ReactNode;
}) {
  const intl = useIntl();
  const pages = usePersonPhotos(id, withPerson?.id);
  useLoadErrorToast(pages, intl.formatMessage({ id: 'people.person.photosFailed', defaultMessage: 'Failed to fetch photos' }));
  const photos = (pages.data?.pages ?? []).flatMap((page) => page.items);
  return (
    <section aria-labelledby="person-photos-title" className="mt-10">
      <PhotosHeading withPerson={withPerson} onClear={onClearWith} />
      {pages.isPending ? (
        <Skeleton className="mt-4 h-40" />
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {photos.map((photo) => (
            <li key={photo.id} className="aspect-square overflow-hidden rounded-md bg-muted">
              {thumbnail(photo)}
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {intl.formatMessage({ id: 'people.person.morePhotos', defaultMessage: 'Show more photos' })}
          </Button>
        </div>
      )}
    </section>
  );
}
