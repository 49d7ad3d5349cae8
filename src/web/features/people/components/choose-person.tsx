import { useId, useState, type FormEvent } from 'react';
import type { Face } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { usePeoplePages } from '../api';
import { useSetFace } from '../faces-api';

/**
 * Who a face is: one of the owner's named people, chosen from the list as one types, or a new name (which
 * becomes a person). Used for a face just drawn and for moving a face to someone else.
 */
export function ChoosePerson({ face, onDone }: { face: Face; onDone: () => void }) {
  const people = usePeoplePages();
  const setFace = useSetFace();
  const [name, setName] = useState('');
  const inputId = useId();
  const listId = useId();
  const named: { id: number; name: string }[] = [];
  for (const page of people.data?.pages ?? []) {
    for (const person of page.items) if (person.name !== null) named.push({ id: person.id, name: person.name });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = name.trim();
    if (!typed) return;
    const known = named.find((person) => person.name.toLowerCase() === typed.toLowerCase());
    setFace.mutate(known ? { faceId: face.id, personId: known.id } : { faceId: face.id, name: typed }, {
      onSuccess: () => {
        toast({ title: 'Saved', description: `This face is ${known?.name ?? typed}.` });
        onDone();
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save') }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-2">
      <Label htmlFor={inputId}>Who is this?</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          list={listId}
          autoComplete="off"
          autoFocus
          placeholder="Type a name or choose one"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="min-w-40 flex-1"
        />
        <datalist id={listId}>
          {named.map((person) => (
            <option key={person.id} value={person.name} />
          ))}
        </datalist>
        <Button type="submit" size="sm" disabled={setFace.isPending || !name.trim()}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
