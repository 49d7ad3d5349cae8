import { Link } from 'react-router';
import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { formatItemDate, memoryItemDate } from '@web/lib/item-date';
import { useLinkedContact, usePersonMemories, usePersonTogether } from '../api';
import { FaceCrop } from '@web/components/face-crop';

const messages = defineMessages({
  notNamed: { id: 'people.person.notNamed', defaultMessage: 'Someone not yet named' },
});
const nameOf = (person: Person) => person.name ?? activeIntl().formatMessage(messages.notNamed);

/** What the linked contact says of this person: their relation and birthday (Family and Friends keep them). */
export function ContactDetails({ person }: { person: Person }) {
  const intl = useIntl();
  const contact = useLinkedContact(person.contactId).data;
  if (!contact || person.contactId === null) return null;
  const born =
    contact.birthday &&
    intl.formatMessage({ id: 'people.person.born', defaultMessage: 'Born {date}' }, { date: formatLongDate(contact.birthday) });
  const parts = [contact.familyRelation, born].filter(Boolean);
  return parts.length > 0 ? <p className="text-muted-foreground">{parts.join(' · ')}</p> : null;
}

/**
 * "Photos together with …": who else is in this person's photos, the most often first. Choosing one keeps the
 * photos below to those the two share; choosing them again shows every photo again.
 */
export function SeenWith({
  person,
  withId,
  onChoose,
}: {
  person: Person;
  withId: number | undefined;
  onChoose: (other: Person | undefined) => void;
}) {
  const intl = useIntl();
  const together = usePersonTogether(person.id);
  const others = together.data ?? [];
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="seen-with-title" className="mt-10">
      <h2 id="seen-with-title" className="text-2xl font-semibold">
        {intl.formatMessage({ id: 'people.person.together', defaultMessage: 'Photos together with' })}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-4">
        {others.map(({ person: other, photoCount }) => {
          const chosen = other.id === withId;
          return (
            <li key={other.id}>
              <button
                type="button"
                aria-pressed={chosen}
                onClick={() => onChoose(chosen ? undefined : other)}
                className={`flex w-28 flex-col items-center gap-2 rounded-md p-2 text-center text-sm hover:bg-muted focus-visible:outline-2 ${chosen ? 'bg-muted ring-2 ring-primary' : ''}`}
              >
                <FaceCrop src={other.coverUrl} box={other.coverBox} className="size-20" />
                <span className="font-medium">{nameOf(other)}</span>
                <span className="text-muted-foreground">
                  {intl.formatMessage(
                    { id: 'people.person.photoCount', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
                    { count: photoCount },
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The memories whose text names this person, newest first; each opens in My Story's list. */
export function NamedInMemories({ person, memoryHref }: { person: Person; memoryHref: (id: number) => string }) {
  const intl = useIntl();
  const memories = usePersonMemories(person.id);
  const items = memories.data ?? [];
  if (!person.name || items.length === 0) return null;
  return (
    <section aria-labelledby="named-in-memories-title" className="mt-10">
      <h2 id="named-in-memories-title" className="text-2xl font-semibold">
        {intl.formatMessage({ id: 'people.person.namedIn', defaultMessage: 'Memories that name {name}' }, { name: person.name })}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {items.map((memory) => (
          <li key={memory.id}>
            <Link to={memoryHref(memory.id)} className="block rounded-md border p-4 hover:bg-muted focus-visible:outline-2">
              <span className="block font-medium">{memory.title}</span>
              <span className="block text-sm text-muted-foreground">{formatItemDate(memoryItemDate(memory))}</span>
              <span className="mt-2 line-clamp-2 block text-sm">{memory.content}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The heading over the photos: everyone's, or only those shared with the person chosen above. */
export function PhotosHeading({ withPerson, onClear }: { withPerson: Person | undefined; onClear: () => void }) {
  const intl = useIntl();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h2 id="person-photos-title" className="text-2xl font-semibold">
        {withPerson
          ? intl.formatMessage({ id: 'people.person.photosWith', defaultMessage: 'Photos with {name}' }, { name: nameOf(withPerson) })
          : intl.formatMessage({ id: 'people.person.photos', defaultMessage: 'Photos' })}
      </h2>
      {withPerson && (
        <Button variant="outline" size="sm" onClick={onClear}>
          {intl.formatMessage({ id: 'people.person.showEvery', defaultMessage: 'Show every photo' })}
        </Button>
      )}
    </div>
  );
}
