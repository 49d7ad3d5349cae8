import type { Contact, ContactInput } from '@shared/schemas/contacts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useUpdateContact } from '../api';
import { toFormValues, toPatch } from '../omit-empty';
import { ContactForm } from './contact-form';

/** spec §4: open while a contact is selected; prefilled from it. */
export function EditContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const updateContact = useUpdateContact();
  const intl = useIntl();

  const onSubmit = (values: ContactInput) => {
    if (!contact) return Promise.resolve(false);
    return updateContact
      .mutateAsync({ id: contact.id, input: toPatch({ ...values, relationship: contact.relationship }) })
      .then(() => {
        toast({
          title: intl.formatMessage({ id: 'contacts.edit.updatedTitle', defaultMessage: 'Contact updated successfully' }),
          description: intl.formatMessage({ id: 'contacts.edit.updatedText', defaultMessage: 'Your contact has been updated.' }),
        });
        onClose();
        return true;
      })
      .catch((error: unknown) => {
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'contacts.edit.failed', defaultMessage: 'Failed to update contact' }),
          description: errorMessage(error, intl.formatMessage({ id: 'contacts.error.fallback', defaultMessage: 'An error occurred' })),
        });
        return false;
      });
  };

  return (
    <Dialog open={contact !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'contacts.edit.title', defaultMessage: 'Edit Contact' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({ id: 'contacts.edit.description', defaultMessage: 'Change the details and save.' })}
          </DialogDescription>
        </DialogHeader>
        {contact && (
          <ContactForm
            key={contact.id}
            defaultValues={toFormValues(contact)}
            submitLabel={intl.formatMessage({ id: 'contacts.edit.submit', defaultMessage: 'Update Contact' })}
            isPending={updateContact.isPending}
            onSubmit={onSubmit}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
