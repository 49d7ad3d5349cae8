// People: the owner's contacts, everything they wrote down about each.
import type { ExportContact } from '@shared/export-format';
import { type Archive } from '../archive';
import { h } from '../dom';
import { formatDay, plural } from '../format';
import { type Screen } from '../parts';

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

export function peopleScreen(archive: Archive): Screen {
  const contacts = [...archive.data.contacts].sort(
    (a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
  );
  const node = h(
    'div',
    null,
    h('h1', null, 'People'),
    h('p', { class: 'meta' }, plural(contacts.length, 'person', 'people')),
    ...contacts.map((c) => h('article', { class: 'card person' }, h('h2', null, fullName(c)), facts(c))),
  );
  return { title: 'People', node };
}
