import { Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { SHARE_PASSWORD_MAX_LENGTH, type CreatedLink as Created } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useCreateLink } from '../api';
import { expiryFromDay } from '../expiry';
import { CreatedLink } from './created-link';
import { LinkOptions, type LinkOptionsValue } from './link-options';

/** "Public link": anyone who has it can open the collection, with an optional password and expiry. */
export function PublicLinkDialog({ collectionId }: { collectionId: number }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [options, setOptions] = useState<LinkOptionsValue>({ expiresOn: '', includePlaces: false });
  const [created, setCreated] = useState<Created | null>(null);
  const createLink = useCreateLink();
  const passwordId = useId();
  const passwordHintId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword('');
      setOptions({ expiresOn: '', includePlaces: false });
      setCreated(null);
    }
  }

  const create = () =>
    createLink.mutate(
      {
        id: collectionId,
        input: {
          kind: 'public',
          password: password === '' ? null : password,
          expiresAt: expiryFromDay(options.expiresOn),
          includePlaces: options.includePlaces,
        },
      },
      {
        // the dialog itself shows the new link; a toast on top would take the first Escape away from the dialog
        onSuccess: setCreated,
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to create link', description: errorMessage(error, 'An error occurred') }),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Globe aria-hidden="true" />
          Public link
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Public link</DialogTitle>
          <DialogDescription>Anyone who has this link can see the collection. You can revoke it at any time.</DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            <CreatedLink
              url={created.url}
              note={password ? 'Send the password separately from the link.' : 'Share this link with the people you choose.'}
            />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              create();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password (optional)</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete="new-password"
                maxLength={SHARE_PASSWORD_MAX_LENGTH}
                value={password}
                aria-describedby={passwordHintId}
                onChange={(event) => setPassword(event.target.value)}
              />
              <p id={passwordHintId} className="text-xs text-muted-foreground">
                Visitors must enter it before they see anything.
              </p>
            </div>
            <LinkOptions value={options} onChange={setOptions} />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={createLink.isPending}>
                {createLink.isPending ? 'Creating...' : 'Create link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
