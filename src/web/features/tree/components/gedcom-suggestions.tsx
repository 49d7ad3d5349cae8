import type { MatchDecision, MatchSuggestion } from '@shared/schemas/tree-gedcom';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDecideSuggestion, useGedcomSuggestions } from '../gedcom-api';
import { personName } from '../person-words';
import { treeDateWords } from '../tree-date-words';

type SuggestedPerson = MatchSuggestion['imported'];

/** "Possible matches": imported persons who may be someone already in the tree; nothing when there are none. */
export function GedcomSuggestions() {
  const intl = useIntl();
  const suggestions = useGedcomSuggestions();
  const decide = useDecideSuggestion();
  if (!suggestions.data?.length) return null;

  function answer(suggestion: MatchSuggestion, decision: MatchDecision) {
    const name = personName(suggestion.existing);
    // the row is gone once the list is read again, so the toast does not wait on it
    decide.mutateAsync({ id: suggestion.id, decision }).then(
      () =>
        toast({
          title:
            decision === 'accept'
              ? intl.formatMessage({ id: 'tree.matches.merged', defaultMessage: 'Merged into {name}' }, { name })
              : intl.formatMessage({ id: 'tree.matches.kept', defaultMessage: 'Kept as different people' }),
        }),
      (error: unknown) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'tree.matches.failed', defaultMessage: 'Could not decide' }),
          description: errorMessage(error, intl.formatMessage({ id: 'tree.error', defaultMessage: 'An error occurred' })),
        }),
    );
  }

  return (
    <section aria-labelledby="gedcom-suggestions-heading" className="grid gap-3">
      <h3 id="gedcom-suggestions-heading" className="font-semibold">
        {intl.formatMessage({ id: 'tree.matches.title', defaultMessage: 'Possible matches' })}
      </h3>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage({
          id: 'tree.matches.help',
          defaultMessage:
            'These imported persons may be someone already in your tree. “Same person” merges them; their family links move over.',
        })}
      </p>
      <ul className="grid gap-3">
        {suggestions.data.map((suggestion) => (
          <li
            key={suggestion.id}
            className="grid gap-3 rounded-lg border p-4"
            aria-label={intl.formatMessage(
              { id: 'tree.matches.label', defaultMessage: 'Possible match: {name}' },
              { name: personName(suggestion.imported) },
            )}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <PersonSummary
                title={intl.formatMessage({ id: 'tree.matches.fromFile', defaultMessage: 'From the file' })}
                person={suggestion.imported}
              />
              <PersonSummary
                title={intl.formatMessage({ id: 'tree.matches.inTree', defaultMessage: 'In your tree' })}
                person={suggestion.existing}
              />
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button className="min-h-11" disabled={decide.isPending} onClick={() => answer(suggestion, 'accept')}>
                {intl.formatMessage({ id: 'tree.matches.same', defaultMessage: 'Same person' })}
              </Button>
              <Button variant="outline" className="min-h-11" disabled={decide.isPending} onClick={() => answer(suggestion, 'reject')}>
                {intl.formatMessage({ id: 'tree.matches.different', defaultMessage: 'Different people' })}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PersonSummary({ title, person }: { title: string; person: SuggestedPerson }) {
  const intl = useIntl();
  const born = [person.birthDate ? treeDateWords(person.birthDate) : null, person.birthPlace].filter(Boolean).join(', ');
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">{title}</p>
      <p className="font-medium">
        {personName(person)}
        {person.birthSurname && person.birthSurname !== person.surname
          ? ` ${intl.formatMessage({ id: 'tree.matches.bornSurname', defaultMessage: '(born {surname})' }, { surname: person.birthSurname })}`
          : ''}
      </p>
      <p>
        {born
          ? intl.formatMessage({ id: 'tree.matches.born', defaultMessage: 'Born {dateAndPlace}' }, { dateAndPlace: born })
          : intl.formatMessage({ id: 'tree.matches.birthUnknown', defaultMessage: 'Birth not known' })}
      </p>
    </div>
  );
}
