import { useState } from 'react';
import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useMergePerson, useUpdatePerson } from '../api';
import { ContactCombobox } from './contact-combobox';
import { PersonCombobox, type PersonChoice } from '@web/components/person-combobox';

const fail = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save') });

/** A person named by one of the owner's contacts (family or friend): the contact's name, and later their details. */
export function ContactLink({ person }: { person: Person }) {
  const update = useUpdatePerson(person.id);
  return (
    <ContactCombobox
      contactId={person.contactId}
      disabled={update.isPending}
      onPick={(contactId) => update.mutate({ contactId }, { onSuccess: () => toast({ title: 'Contact saved' }), onError: fail })}
    />
  );
}

/**
 * Two groups of faces that are one person: this one joins the one chosen, with its faces and name. Any of the
 * owner's people can be chosen, named (found by typing) or not (picked by their face).
 */
export function MergeInto({ person, onMerged }: { person: Person; onMerged: (intoId: number) => void }) {
  const merge = useMergePerson(person.id);
  const [choice, setChoice] = useState<PersonChoice | null>(null);
  const into = choice && 'person' in choice ? choice.person : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!into) return;
        merge.mutate(into.id, {
          onSuccess: (merged) => {
            toast({ title: 'People merged', description: `Their photos are now ${merged.name ?? 'one person'}'s.` });
            onMerged(merged.id);
          },
          onError: fail,
        });
      }}
    >
      <PersonCombobox
        label="The same person as"
        choice={choice}
        onChoiceChange={setChoice}
        excludeId={person.id}
        actions={
          <Button type="submit" variant="outline" disabled={!into || merge.isPending}>
            Merge
          </Button>
        }
      />
    </form>
  );
}
