import type { MatchDecision, MatchSuggestion } from '@shared/schemas/tree-gedcom';
import { treeDateInWords } from '@shared/tree/tree-date';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useDecideSuggestion, useGedcomSuggestions } from '../gedcom-api';
import { personName } from '../person-words';

type SuggestedPerson = MatchSuggestion['imported'];

/** "Possible matches": imported persons who may be someone already in the tree; nothing when there are none. */
export function GedcomSuggestions() {
  const suggestions = useGedcomSuggestions();
  const decide = useDecideSuggestion();
  if (!suggestions.data?.length) return null;

  function answer(suggestion: MatchSuggestion, decision: MatchDecision) {
    const name = personName(suggestion.existing);
    // the row is gone once the list is read again, so the toast does not wait on it
    decide.mutateAsync({ id: suggestion.id, decision }).then(
      () => toast({ title: decision === 'accept' ? `Merged into ${name}` : 'Kept as different people' }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: 'Could not decide', description: errorMessage(error, 'An error occurred') }),
    );
  }

  return (
    <section aria-labelledby="gedcom-suggestions-heading" className="grid gap-3">
      <h3 id="gedcom-suggestions-heading" className="font-semibold">
        Possible matches
      </h3>
      <p className="text-sm text-muted-foreground">
        These imported persons may be someone already in your tree. “Same person” merges them; their family links move over.
      </p>
      <ul className="grid gap-3">
        {suggestions.data.map((suggestion) => (
          <li
            key={suggestion.id}
            className="grid gap-3 rounded-lg border p-4"
            aria-label={`Possible match: ${personName(suggestion.imported)}`}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <PersonSummary title="From the file" person={suggestion.imported} />
              <PersonSummary title="In your tree" person={suggestion.existing} />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button className="min-h-11" disabled={decide.isPending} onClick={() => answer(suggestion, 'accept')}>
                Same person
              </Button>
              <Button variant="outline" className="min-h-11" disabled={decide.isPending} onClick={() => answer(suggestion, 'reject')}>
                Different people
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PersonSummary({ title, person }: { title: string; person: SuggestedPerson }) {
  const born = [person.birthDate ? treeDateInWords(person.birthDate) : null, person.birthPlace].filter(Boolean).join(', ');
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">{title}</p>
      <p className="font-medium">
        {personName(person)}
        {person.birthSurname && person.birthSurname !== person.surname ? ` (born ${person.birthSurname})` : ''}
      </p>
      <p>{born ? `Born ${born}` : 'Birth not known'}</p>
    </div>
  );
}
