import { useState, type FormEvent } from 'react';
import type { Face } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useSetFace } from '../faces-api';
import { PersonCombobox, type PersonChoice } from '@web/components/person-combobox';

/**
 * Who a face is: any of the owner's people, found by typing part of their name or picked by their face when
 * they have no name yet, or a new name (which becomes a person). Used for a face just drawn and for moving a
 * face to someone else.
 */
export function ChoosePerson({ face, onDone }: { face: Face; onDone: () => void }) {
  const setFace = useSetFace();
  const [choice, setChoice] = useState<PersonChoice | null>(null);
  const typed = choice && 'name' in choice ? choice.name.trim() : '';
  const ready = (choice && 'person' in choice) || typed !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !ready) return;
    // a typed name is the owner's person of that name (letter case aside), or a new one
    const patch = 'person' in choice ? { faceId: face.id, personId: choice.person.id } : { faceId: face.id, name: typed };
    const who = 'person' in choice ? (choice.person.name ?? 'that person') : typed;
    setFace.mutate(patch, {
      onSuccess: () => {
        toast({ title: 'Saved', description: `This face is ${who}.` });
        onDone();
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save') }),
    });
  };

  return (
    <form onSubmit={submit}>
      <PersonCombobox
        label="Who is this?"
        choice={choice}
        onChoiceChange={setChoice}
        allowNew
        autoFocus
        actions={
          <>
            <Button type="submit" size="sm" className="h-10" disabled={setFace.isPending || !ready}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onDone}>
              Cancel
            </Button>
          </>
        }
      />
    </form>
  );
}
