import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import type { User } from '@shared/schemas/auth';
import { PROFILE_PICTURE_MAX_BYTES } from '@shared/limits';
import { PROFILE_PICTURE_TYPES } from '@shared/schemas/profile';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useUploadProfilePicture } from '../api';
import { usePictureSource } from '../use-picture-source';
import { useIntl } from '@web/lib/i18n/use-intl';

const initialsOf = (user: User) => `${user.firstName.charAt(0)}${user.surname.charAt(0)}`.toUpperCase();

export function ProfilePictureCard({ user }: { user: User }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const intl = useIntl();
  const picture = usePictureSource(user.profilePicture);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again must fire change again
    if (!file) return;
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'profile.picture.tooLarge', defaultMessage: 'File too large' }),
        description: intl.formatMessage({ id: 'profile.picture.tooLargeText', defaultMessage: 'Please select an image smaller than 5MB.' }),
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ title: intl.formatMessage({ id: 'profile.picture.updated', defaultMessage: 'Profile picture updated' }) }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'profile.picture.failed', defaultMessage: 'Upload failed' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'profile.picture.failedText', defaultMessage: 'Failed to upload profile picture. Please try again.' }),
          ),
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'profile.picture.title', defaultMessage: 'Profile Picture' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'profile.picture.description',
            defaultMessage: 'Click your picture to choose a new one (JPEG, PNG, GIF or WebP, up to 5MB).',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={upload.isPending}
          // The name starts with what is shown (the initials until a picture loads), so "click MJ" works by voice.
          aria-label={intl.formatMessage(
            { id: 'profile.picture.change', defaultMessage: '{initials}, change profile picture' },
            { initials: initialsOf(user) },
          )}
          className="group relative rounded-full focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-wait"
        >
          <Avatar className="size-32 text-3xl">
            {picture.src && (
              <AvatarImage
                src={picture.src}
                alt={`${user.firstName} ${user.surname}`}
                onLoadingStatusChange={(status) => status === 'error' && picture.onError()}
              />
            )}
            <AvatarFallback>{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <span className="absolute end-1 bottom-1 flex size-9 items-center justify-center rounded-full border bg-card text-foreground shadow-sm group-hover:bg-accent">
            <Camera aria-hidden="true" className="size-4" />
          </span>
        </button>
        {upload.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {intl.formatMessage({ id: 'profile.picture.uploading', defaultMessage: 'Uploading...' })}
          </p>
        )}
        <label htmlFor="profile-picture-input" className="sr-only">
          {intl.formatMessage({ id: 'profile.picture.file', defaultMessage: 'Profile picture file' })}
        </label>
        <input
          id="profile-picture-input"
          ref={inputRef}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          onChange={onFile}
        />
        <div className="text-center">
          <p className="font-medium">{`${user.firstName} ${user.surname}`}</p>
          <p className="text-sm text-muted-foreground">{user.email}</p>
        </div>
      </CardContent>
    </Card>
  );
}
