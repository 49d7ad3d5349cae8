import { useId, useState } from 'react';
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
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { localDay } from '@web/lib/local-day';
import { useSetDateOfBirth } from '../api';

/** An heir's date of birth, for releases at an age; releases already set at an age move with it. */
export function DateOfBirthDialog({ heir }: { heir: Heir }) {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(heir.dateOfBirth ?? '');
  const setDateOfBirth = useSetDateOfBirth();
  const inputId = useId();

  function save() {
    setDateOfBirth.mutate(
      { heirId: heir.id, dateOfBirth: day || null },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Date of birth saved' });
        },
        onError: (err) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed to save the date of birth') }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setDay(heir.dateOfBirth ?? '');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${heir.dateOfBirth ? 'Change' : 'Add'} date of birth for ${heir.name}`}>
          {heir.dateOfBirth ? 'Change' : 'Add'} date of birth
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`${heir.name}’s date of birth`}</DialogTitle>
          <DialogDescription>Needed to release something on a birthday, e.g. at 18.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Date of birth</Label>
          <Input id={inputId} type="date" max={localDay()} value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={save} disabled={setDateOfBirth.isPending}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
