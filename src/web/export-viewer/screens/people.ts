// People: who is in the photos (archives since issue 29: each named person, with every photo of them) and the owner's
// contacts, everything they wrote down about each.
import type { ExportContact, ExportPerson } from '@shared/export-format';
import { compareNames } from '../../lib/collator';
import { type Archive } from '../archive';
import { h, lazy } from '../dom';
import { formatDay, plural } from '../format';
import { links, meta, photoThumb, type Screen } from '../parts';
import { notFound } from './not-found';

function fullName(c: ExportContact) {
  return `${c.firstName} ${c.lastName}`.trim();
}

function facts(c: ExportContact): HTMLElement {
  const rows: [string, Node | string | null][] = [
    ['Relation', c.relationship === 'family' ? (c.familyRelation ?? 'Family') : 'Friend'],
    ['E-mail', c.email ? h('a', { href: `mailto:${c.email}` }, c.email) : null],
    ['Phone', c.phoneNumber],
    ['Address', c.address],
    ['Birthday', c.birthday ? formatDay(c.birthday) : null],
    ['Notes', c.notes],
  ];
  const list = h('dl');
  for (const [term, value] of rows) if (value) list.append(h('dt', null, term), h('dd', null, value));
  return list;
}

const ROW_PX = 130;

function relationOf(archive: Archive, person: ExportPerson): string | null {
  const contact = person.contactId === null ? undefined : archive.data.contacts.find((c) => c.id === person.contactId);
  if (!contact) return null;
  return contact.relationship === 'family' ? (contact.familyRelation ?? 'Family') : 'Friend';
}

/** The people in the photos, each a link to every photo of them. */
function inThePhotos(archive: Archive): HTMLElement | null {
  if (archive.people.length === 0) return null;
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'in-the-photos' },
    h('h2', { id: 'in-the-photos' }, 'In the photos'),
    h(
      'ul',
      { class: 'people-list' },
      ...archive.people.map((p) =>
        h(
          'li',
          null,
          h('a', { href: links.person(p.id) }, p.name!),
          ' ',
          h('span', { class: 'count' }, `(${plural(archive.photosByPerson.get(p.id)?.length ?? 0, 'photo', 'photos')})`),
        ),
      ),
    ),
  );
}

/** Every photo of one person, newest first. */
export function personScreen(archive: Archive, id: number): Screen {
  const person = archive.personById.get(id);
  if (!person) return notFound('This person is not in the archive.');
  const photos = archive.photosByPerson.get(id) ?? [];
  const grid = h('div', { class: 'grid' });
  lazy(grid, Math.ceil(photos.length / 5) * ROW_PX, () => photos.map(photoThumb));
  const node = h(
    'div',
    { class: 'photos' },
    h('h1', null, person.name!),
    meta(relationOf(archive, person), plural(photos.length, 'photo', 'photos')),
    grid,
    h('p', null, h('a', { href: links.people }, 'Everyone in the photos')),
  );
  return { title: person.name!, node };
}

export function peopleScreen(archive: Archive): Screen {
  const contacts = [...archive.data.contacts].sort(
    (a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName),
  );
  const node = h(
    'div',
    null,
    h('h1', null, 'People'),
    inThePhotos(archive),
    // beside the people in the photos, the cards below are the contacts
    h(
      'p',
      { class: 'meta' },
      archive.people.length > 0 ? plural(contacts.length, 'contact', 'contacts') : plural(contacts.length, 'person', 'people'),
    ),
    ...contacts.map((c) => h('article', { class: 'card person' }, h('h2', null, fullName(c)), facts(c))),
  );
  return { title: 'People', node };
}
