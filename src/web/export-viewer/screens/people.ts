// People: who is in the photos (archives since issue 29: each named person, with every photo of them) and the owner's
// contacts, everything they wrote down about each.
import type { ExportContact, ExportPerson } from '@shared/export-format';
import { compareNames } from '../../lib/collator';
import { type Archive } from '../archive';
import { h, lazy } from '../dom';
import { formatDay } from '../format';
import { links, meta, photoThumb, type Screen } from '../parts';
import { notFound } from './not-found';
import { intl } from '../i18n';

function fullName(c: ExportContact) {
  return `${c.firstName} ${c.lastName}`.trim();
}

function facts(c: ExportContact): HTMLElement {
  const rows: [string, Node | string | null][] = [
    [
      intl.formatMessage({ id: 'exportViewer.people.relation', defaultMessage: 'Relation' }),
      c.relationship === 'family'
        ? (c.familyRelation ?? intl.formatMessage({ id: 'exportViewer.people.family', defaultMessage: 'Family' }))
        : intl.formatMessage({ id: 'exportViewer.people.friend', defaultMessage: 'Friend' }),
    ],
    [
      intl.formatMessage({ id: 'exportViewer.people.email', defaultMessage: 'E-mail' }),
      c.email ? h('a', { href: `mailto:${c.email}` }, c.email) : null,
    ],
    [intl.formatMessage({ id: 'exportViewer.people.phone', defaultMessage: 'Phone' }), c.phoneNumber],
    [intl.formatMessage({ id: 'exportViewer.people.address', defaultMessage: 'Address' }), c.address],
    [intl.formatMessage({ id: 'exportViewer.people.birthday', defaultMessage: 'Birthday' }), c.birthday ? formatDay(c.birthday) : null],
    [intl.formatMessage({ id: 'exportViewer.people.notes', defaultMessage: 'Notes' }), c.notes],
  ];
  const list = h('dl');
  for (const [term, value] of rows) if (value) list.append(h('dt', null, term), h('dd', null, value));
  return list;
}

const ROW_PX = 130;

function relationOf(archive: Archive, person: ExportPerson): string | null {
  const contact = person.contactId === null ? undefined : archive.data.contacts.find((c) => c.id === person.contactId);
  if (!contact) return null;
  return contact.relationship === 'family'
    ? (contact.familyRelation ?? intl.formatMessage({ id: 'exportViewer.people.family', defaultMessage: 'Family' }))
    : intl.formatMessage({ id: 'exportViewer.people.friend', defaultMessage: 'Friend' });
}

/** The people in the photos, each a link to every photo of them. */
function inThePhotos(archive: Archive): HTMLElement | null {
  if (archive.people.length === 0) return null;
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'in-the-photos' },
    h('h2', { id: 'in-the-photos' }, intl.formatMessage({ id: 'exportViewer.people.inThePhotos', defaultMessage: 'In the photos' })),
    h(
      'ul',
      { class: 'people-list' },
      ...archive.people.map((p) =>
        h(
          'li',
          null,
          h('a', { href: links.person(p.id) }, p.name!),
          ' ',
          h(
            'span',
            { class: 'count' },
            intl.formatMessage(
              { id: 'exportViewer.people.photoCount', defaultMessage: '({count, plural, one {# photo} other {# photos}})' },
              { count: archive.photosByPerson.get(p.id)?.length ?? 0 },
            ),
          ),
        ),
      ),
    ),
  );
}

/** Every photo of one person, newest first. */
export function personScreen(archive: Archive, id: number): Screen {
  const person = archive.personById.get(id);
  if (!person)
    return notFound(intl.formatMessage({ id: 'exportViewer.people.notFound', defaultMessage: 'This person is not in the archive.' }));
  const photos = archive.photosByPerson.get(id) ?? [];
  const grid = h('div', { class: 'grid' });
  lazy(grid, Math.ceil(photos.length / 5) * ROW_PX, () => photos.map(photoThumb));
  const node = h(
    'div',
    { class: 'photos' },
    h('h1', null, person.name!),
    meta(
      relationOf(archive, person),
      intl.formatMessage(
        { id: 'exportViewer.people.photos', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
        { count: photos.length },
      ),
    ),
    grid,
    h(
      'p',
      null,
      h('a', { href: links.people }, intl.formatMessage({ id: 'exportViewer.people.everyone', defaultMessage: 'Everyone in the photos' })),
    ),
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
    h('h1', null, intl.formatMessage({ id: 'exportViewer.people.title', defaultMessage: 'People' })),
    inThePhotos(archive),
    // beside the people in the photos, the cards below are the contacts
    h(
      'p',
      { class: 'meta' },
      archive.people.length > 0
        ? intl.formatMessage(
            { id: 'exportViewer.people.contacts', defaultMessage: '{count, plural, one {# contact} other {# contacts}}' },
            { count: contacts.length },
          )
        : intl.formatMessage(
            { id: 'exportViewer.people.persons', defaultMessage: '{count, plural, one {# person} other {# people}}' },
            { count: contacts.length },
          ),
    ),
    ...contacts.map((c) => h('article', { class: 'card person' }, h('h2', null, fullName(c)), facts(c))),
  );
  return { title: intl.formatMessage({ id: 'exportViewer.people.title', defaultMessage: 'People' }), node };
}
