import { useId, useState } from 'react';
import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useContactsToLink, useMergePerson, usePeoplePages, useUpdatePerson } from '../api';

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

/** Two groups of faces that are one person: this one joins the one chosen, with its faces and name. */
export function MergeInto({ person, onMerged }: { person: Person; onMerged: (intoId: number) => void }) {
  const pages = usePeoplePages();
  const merge = useMergePerson(person.id);
  const [intoId, setIntoId] = useState(NONE);
  const id = useId();
  const others = (pages.data?.pages ?? []).flatMap((page) => page.items).filter((p) => p.id !== person.id && !p.hidden);
  const label = (p: Person) => p.name ?? `Someone not yet named (${p.faceCount === 1 ? '1 photo' : `${p.faceCount} photos`})`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (intoId === NONE) return;
        merge.mutate(Number(intoId), {
          onSuccess: (into) => {
            toast({ title: 'People merged', description: `Their photos are now ${into.name ?? 'one person'}'s.` });
            onMerged(into.id);
          },
          onError: fail,
        });
      }}
    >
      <div className="grid min-w-56 flex-1 gap-2">
        <Label htmlFor={id}>The same person as</Label>
        <select id={id} className={selectClass} value={intoId} onChange={(event) => setIntoId(event.target.value)}>
          <option value={NONE}>Choose someone</option>
          {others.map((p) => (
            <option key={p.id} value={p.id}>
              {label(p)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" disabled={intoId === NONE || merge.isPending}>
        Merge
      </Button>
    </form>
  );
}
