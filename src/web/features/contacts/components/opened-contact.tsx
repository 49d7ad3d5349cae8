import type { Contact } from '@shared/schemas/contacts';
import { OpenedItem } from '@web/components/opened-item';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useContact } from '../api';
import { ContactCard } from './contact-card';

type OpenedContactProps = {
  id: number;
  onClose: () => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
};

/** /family?contact=ID or /friends?contact=ID (a search result): that contact above the list, loaded by id. */
export function OpenedContact({ id, onClose, onEdit, onDelete }: OpenedContactProps) {
  const contact = useContact(id);
  const intl = useIntl();
  return (
    <div className="mb-6 sm:max-w-md">
      <OpenedItem
        label={intl.formatMessage({ id: 'contacts.opened.label', defaultMessage: 'Opened contact' })}
        isPending={contact.isPending}
        isError={contact.isError}
        notFoundText={intl.formatMessage({
          id: 'contacts.opened.notFound',
          defaultMessage: 'This contact could not be found. It may have been deleted.',
        })}
        onClose={onClose}
      >
        {contact.data && <ContactCard contact={contact.data} onEdit={() => onEdit(contact.data)} onDelete={() => onDelete(contact.data)} />}
      </OpenedItem>
    </div>
  );
}
