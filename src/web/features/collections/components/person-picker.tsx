import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { usePeopleToChoose } from '../api';

/** How a person is called in the choice: their name, or how often they are seen while unnamed. */
export const personLabel = (person: Pick<Person, 'name' | 'faceCount'>) =>
  person.name ?? `Someone not named yet (${person.faceCount} ${person.faceCount === 1 ? 'photo' : 'photos'})`;

type PersonPickerProps = {
  enabled: boolean;
  selectedId: number | null;
  onChoose: (person: Person) => void;
};

/**
 * The owner's people to make a collection of, named first (the people list's order), a page at a time. A
 * hidden person is left out: the server refuses a collection of them.
 */
export function PersonPicker({ enabled, selectedId, onChoose }: PersonPickerProps) {
  const pages = usePeopleToChoose(enabled);
  const people = (pages.data?.pages ?? []).flatMap((page) => page.items).filter((person) => !person.hidden);

  if (pages.isPending) return <p className="text-sm text-muted-foreground">Loading people…</p>;
  if (pages.isError) return <p className="text-sm text-destructive">The people in your photos could not be loaded.</p>;
  if (people.length === 0)
    return <p className="text-sm text-muted-foreground">No people found in your photos yet. Name someone on the People page first.</p>;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Person</legend>
      <div className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
        {people.map((person) => (
          <label key={person.id} className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-muted">
            <input type="radio" name="collection-person" checked={person.id === selectedId} onChange={() => onChoose(person)} />
            {personLabel(person)}
          </label>
        ))}
      </div>
      {pages.hasNextPage && (
        <Button type="button" variant="outline" size="sm" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Show more people
        </Button>
      )}
    </fieldset>
  );
}
