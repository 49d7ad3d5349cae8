import { useId, useState } from 'react';
import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useContactsToLink, useMergePerson, useUpdatePerson } from '../api';
import { PersonCombobox, type PersonChoice } from './person-combobox';

const NONE = '';
const fail = (error: unknown) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save') });
const selectClass = 'h-10 w-full rounded-md border bg-background px-3 text-sm';

/** A person named by one of the owner's contacts (family or friend): the contact's name, and later their details. */
export function ContactLink({ person }: { person: Person }) {
  const contacts = useContactsToLink();
  const update = useUpdatePerson(person.id);
  const id = useId();
  const all = contacts.data ?? [];
  const group = (relationship: 'family' | 'friend') =>
    all
      .filter((c) => c.relationship === relationship)
      .map((c) => (
        <option key={c.id} value={c.id}>
          {[c.firstName, c.lastName].filter(Boolean).join(' ')}
        </option>
      ));
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Contact</Label>
      <select
        id={id}
        className={selectClass}
        value={person.contactId ?? NONE}
        disabled={contacts.isPending || update.isPending}
        onChange={(event) =>
          update.mutate(
            { contactId: event.target.value === NONE ? null : Number(event.target.value) },
            { onSuccess: () => toast({ title: 'Contact saved' }), onError: fail },
          )
        }
      >
        <option value={NONE}>Not one of my contacts</option>
        <optgroup label="Family">{group('family')}</optgroup>
        <optgroup label="Friends">{group('friend')}</optgroup>
      </select>
    </div>
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
