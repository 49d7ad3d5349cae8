import { ScanFace } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { usePeopleStatus, useSetFaceRecognition } from '../api';

const count = (n: number) => n.toLocaleString('en');

/**
 * Settings → Photo Management: face recognition, on this server (decision 057). Progress while the library is
 * being looked at, and the switch; turning it off removes what it found at once, so it asks first.
 */
export function FacesCard() {
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
            title: enabled ? 'Face recognition is on' : 'Face recognition is off',
            description: enabled ? 'heirloom is looking for faces in your photos.' : 'The faces heirloom found were removed.',
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to change the setting') }),
      },
    );

  let body;
  if (status.isPending) body = <Skeleton className="h-12" />;
  else if (status.isError)
    body = (
      <p role="alert" className="text-sm text-destructive">
        Failed to fetch the face recognition status
      </p>
    );
  else if (!status.data.available)
    body = (
      <p className="text-sm text-muted-foreground">This server does not look for faces: its administrator turned face recognition off.</p>
    );
  else {
    const { enabled, photosTotal, photosDone, photosPending, photosFailed } = status.data;
    body = (
      <div className="grid gap-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={switchId} className="font-medium">
            Find faces in my photos
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
              ? `Finding faces: ${count(photosDone)} of ${count(photosTotal)} photos`
              : `All ${count(photosTotal)} photos looked at.`}
            {photosFailed > 0 && ` ${count(photosFailed)} could not be looked at.`}
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
          People in your photos
        </CardTitle>
        <CardDescription>
          heirloom looks for the faces in your photos on this server and groups them into people. Nothing about a face leaves your server.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDialog
        open={confirmingOff}
        onOpenChange={setConfirmingOff}
        title="Turn off face recognition?"
        text="Every face heirloom found, and every person made only of those faces, is removed now. Faces you marked yourself stay. Turning it on again looks at every photo anew."
        confirmLabel="Turn off"
        onConfirm={() => set(false)}
      />
    </Card>
  );
}
