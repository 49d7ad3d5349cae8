import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Contact } from '@shared/schemas/contacts';
import type { Heir } from '@shared/schemas/legacy';
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
import { OwnItemPicker } from '@web/components/own-item-picker';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import type { PickerItem } from '@web/lib/own-items';
import { localDay } from '@web/lib/local-day';
import { useAddHeir } from '../api';

/** Why a contact cannot become an heir, or undefined when it can. */
export function heirUnavailableReason(contact: Contact, heirs: Heir[]) {
  if (!contact.email) return 'No e-mail address: add one on their contact card first';
  if (heirs.some((heir) => heir.contactId === contact.id)) return 'Already an heir';
  return undefined;
}

/** "Add heir": a contact with an e-mail address, and a date of birth for releases at an age. */
export function AddHeirDialog({ heirs }: { heirs: Heir[] }) {
  const [open, setOpen] = useState(false);
  const [contactId, setContactId] = useState<number | null>(null);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const addHeir = useAddHeir();
  const dobId = useId();

  function onOpenChange(next: boolean) {
    setOpen(next);
    setContactId(null);
    setDateOfBirth('');
    setError(null);
  }

  function choose(id: number, { contact }: PickerItem) {
    setContactId(id);
    // a contact's birthday is usually the heir's date of birth; the owner can change it
    if (contact?.birthday) setDateOfBirth(contact.birthday);
  }

  function add() {
    if (contactId === null) {
      setError('Choose who the heir is.');
      return;
    }
    setError(null);
    addHeir.mutate(
      { contactId, dateOfBirth: dateOfBirth || null },
      {
        onSuccess: (heir) => {
          onOpenChange(false);
          toast({ title: 'Heir added', description: `${heir.name} is now one of your heirs.` });
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Failed to add the heir', description: errorMessage(err, 'An error occurred') }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Add heir
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add heir</DialogTitle>
          <DialogDescription>
            Choose someone from Family or Friends. heirloom e-mails them when something is released to them, so they need an e-mail address.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Heir</legend>
          <OwnItemPicker
            kind="contact"
            enabled={open}
            mode="one"
            selected={new Set(contactId === null ? [] : [contactId])}
            onToggle={choose}
            label="Your contacts"
            empty="No contacts yet. Add family members or friends first."
            unavailable={(item) => item.contact && heirUnavailableReason(item.contact, heirs)}
          />
          {error && <p className="text-sm font-medium text-destructive">{error}</p>}
        </fieldset>
        <div className="grid gap-2">
          <Label htmlFor={dobId}>Date of birth (optional)</Label>
          <Input id={dobId} type="date" max={localDay()} value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} />
          <p className="text-xs text-muted-foreground">Needed to release something on a birthday, e.g. at 18.</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={addHeir.isPending} onClick={add}>
            {addHeir.isPending ? 'Adding...' : 'Add heir'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
