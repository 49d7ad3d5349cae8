import { X } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { useIntl } from '@web/lib/i18n/use-intl';
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
  const intl = useIntl();
  const person = usePerson(id);
  const name = person.data
    ? (person.data.name ?? intl.formatMessage({ id: 'people.filter.unnamed', defaultMessage: 'Unnamed person' }))
    : person.isPending
      ? '…'
      : intl.formatMessage({ id: 'people.filter.notFound', defaultMessage: 'Someone not found' });
  return (
    <span className="inline-flex h-10 items-center gap-1 rounded-full border bg-accent ps-3 pe-1 text-sm">
      {intl.formatMessage({ id: 'people.filter.chip', defaultMessage: 'Person: {name}' }, { name })}
      <button
        type="button"
        className="rounded-full p-1.5 hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={intl.formatMessage({ id: 'people.filter.clear', defaultMessage: "Show everyone's photos" })}
        onClick={onClear}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </span>
  );
}

function ChoosePersonFilter({ onChange }: { onChange: (personId: number) => void }) {
  const intl = useIntl();
  const pages = usePeoplePages();
  const named = (pages.data?.pages ?? []).flatMap((page) => page.items).filter((person) => person.name !== null && !person.hidden);
  if (named.length === 0) return null;
  return (
    <Select value="" onValueChange={(value) => onChange(Number(value))}>
      <SelectTrigger
        className="w-44"
        aria-label={intl.formatMessage({ id: 'people.filter.choose', defaultMessage: 'Show the photos of a person' })}
      >
        <SelectValue placeholder={intl.formatMessage({ id: 'people.filter.placeholder', defaultMessage: 'Person' })} />
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
