import { useSyncExternalStore, type ReactNode } from 'react';
import type { Contact } from '@shared/schemas/contacts';
import { WindowVirtualList } from '@web/components/window-virtual-list';
import { ContactCard } from './contact-card';

// The grid's columns at Tailwind's sm and xl breakpoints (sm:grid-cols-2 xl:grid-cols-3).
const WIDE = '(min-width: 1280px)';
const MEDIUM = '(min-width: 640px)';

function subscribe(onChange: () => void) {
  const queries = [window.matchMedia(WIDE), window.matchMedia(MEDIUM)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}
const columnsNow = () => (window.matchMedia(WIDE).matches ? 3 : window.matchMedia(MEDIUM).matches ? 2 : 1);
const useColumns = () => useSyncExternalStore(subscribe, columnsNow, () => 1);

type ContactGridProps = {
  contacts: Contact[];
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  onNearEnd: () => void;
  cardLinks?: (contact: Contact) => ReactNode;
};

/** The contact cards in rows of as many columns as fit; only the rows near the viewport are in the DOM. */
export function ContactGrid({ contacts, onEdit, onDelete, onNearEnd, cardLinks }: ContactGridProps) {
  const columns = useColumns();
  const rows: Contact[][] = [];
  for (let i = 0; i < contacts.length; i += columns) rows.push(contacts.slice(i, i + columns));

  return (
    <WindowVirtualList
      items={rows}
      getKey={(row) => row[0]!.id}
      estimateSize={200}
      onNearEnd={onNearEnd}
      renderRow={(row, rowProps) => (
        <div {...rowProps} className="grid gap-4 pb-4 sm:grid-cols-2 xl:grid-cols-3">
          {row.map((contact) => (
            <ContactCard
              key={contact.id}
              contact={contact}
              onEdit={() => onEdit(contact)}
              onDelete={() => onDelete(contact)}
              links={cardLinks?.(contact)}
            />
          ))}
        </div>
      )}
    />
  );
}
