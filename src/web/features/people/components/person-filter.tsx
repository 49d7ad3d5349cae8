import { X } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { usePeoplePages, usePerson } from '../api';

/**
 * The gallery's and the timeline's choice of a person (issue 29): "Person: Rose Martin ×" while one is chosen,
 * else a list of the owner's named people to choose from.
 */
export function PersonFilter({ personId, onChange }: { personId: number | undefined; onChange: (personId: number | undefined) => void }) {
  return personId === undefined ? (
    <ChoosePersonFilter onChange={onChange} />
  ) : (
    <PersonChip id={personId} onClear={() => onChange(undefined)} />
  );
}

function PersonChip({ id, onClear }: { id: number; onClear: () => void }) {
  const person = usePerson(id);
  const name = person.data ? (person.data.name ?? 'Unnamed person') : person.isPending ? '…' : 'Someone not found';
  return (
    <span className="inline-flex h-10 items-center gap-1 rounded-full border bg-accent pr-1 pl-3 text-sm">
      Person: {name}
      <button
        type="button"
        className="rounded-full p-1.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label="Show everyone's photos"
        onClick={onClear}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </span>
  );
}

function ChoosePersonFilter({ onChange }: { onChange: (personId: number) => void }) {
  const pages = usePeoplePages();
  const named = (pages.data?.pages ?? []).flatMap((page) => page.items).filter((person) => person.name !== null && !person.hidden);
  if (named.length === 0) return null;
  return (
    <Select value="" onValueChange={(value) => onChange(Number(value))}>
      <SelectTrigger className="w-44" aria-label="Show the photos of a person">
        <SelectValue placeholder="Person" />
      </SelectTrigger>
      <SelectContent>
        {named.map((person) => (
          <SelectItem key={person.id} value={String(person.id)}>
            {person.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
