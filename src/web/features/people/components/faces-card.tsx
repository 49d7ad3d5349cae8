import { ScanFace } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { usePeopleStatus, useSetFaceRecognition } from '../api';
import { toastWords } from '../toast-messages';

/**
 * Settings → Photo Management: face recognition, on this server (decision 057). Progress while the library is
 * being looked at, and the switch; turning it off removes what it found at once, so it asks first.
 */
export function FacesCard() {
  const intl = useIntl();
  const status = usePeopleStatus();
  const setFaces = useSetFaceRecognition();
  const [confirmingOff, setConfirmingOff] = useState(false);
  const switchId = useId();

  const set = (enabled: boolean) =>
    setFaces.mutate(
      { enabled },
      {
        onSuccess: () =>
          toast({
            title: enabled
              ? intl.formatMessage({ id: 'people.faces.onTitle', defaultMessage: 'Face recognition is on' })
              : intl.formatMessage({ id: 'people.faces.offTitle', defaultMessage: 'Face recognition is off' }),
            description: enabled
              ? intl.formatMessage({ id: 'people.faces.onText', defaultMessage: 'heirloom is looking for faces in your photos.' })
              : intl.formatMessage({ id: 'people.faces.offText', defaultMessage: 'The faces heirloom found were removed.' }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(toastWords.error),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'people.faces.failed', defaultMessage: 'Failed to change the setting' }),
            ),
          }),
      },
    );

  let body;
  if (status.isPending) body = <Skeleton className="h-12" />;
  else if (status.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {intl.formatMessage({ id: 'people.faces.statusFailed', defaultMessage: 'Failed to fetch the face recognition status' })}
      </p>
    );
  else if (!status.data.available)
    body = (
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'people.faces.unavailable',
          defaultMessage: 'This server does not look for faces: its administrator turned face recognition off.',
        })}
      </p>
    );
  else {
    const { enabled, photosTotal, photosDone, photosPending, photosFailed } = status.data;
    body = (
      <div className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={switchId} className="font-medium">
            {intl.formatMessage({ id: 'people.faces.switch', defaultMessage: 'Find faces in my photos' })}
          </label>
          <Switch
            id={switchId}
            checked={enabled}
            disabled={setFaces.isPending}
            onCheckedChange={(checked) => (checked ? set(true) : setConfirmingOff(true))}
          />
        </div>
        {enabled && (
          <p role="status" className="text-sm text-muted-foreground">
            {photosPending > 0
              ? intl.formatMessage(
                  { id: 'people.faces.finding', defaultMessage: 'Finding faces: {done, number} of {total, number} photos' },
                  { done: photosDone, total: photosTotal },
                )
              : intl.formatMessage(
                  { id: 'people.faces.allDone', defaultMessage: 'All {total, number} photos looked at.' },
                  { total: photosTotal },
                )}
            {photosFailed > 0 &&
              ` ${intl.formatMessage({ id: 'people.faces.someFailed', defaultMessage: '{count, number} could not be looked at.' }, { count: photosFailed })}`}
          </p>
        )}
      </div>
    );
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ScanFace aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'people.faces.title', defaultMessage: 'People in your photos' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'people.faces.description',
            defaultMessage:
              'heirloom looks for the faces in your photos on this server and groups them into people. Nothing about a face leaves your server.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={confirmingOff}
        onOpenChange={setConfirmingOff}
        title={intl.formatMessage({ id: 'people.faces.offQuestion', defaultMessage: 'Turn off face recognition?' })}
        text={intl.formatMessage({
          id: 'people.faces.offWarning',
          defaultMessage:
            'Every face heirloom found, and every person made only of those faces, is removed now. Faces you marked yourself stay. Turning it on again looks at every photo anew.',
        })}
        confirmLabel={intl.formatMessage({ id: 'people.faces.turnOff', defaultMessage: 'Turn off' })}
        onConfirm={() => set(false)}
      />
    </Card>
  );
}
