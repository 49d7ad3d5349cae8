import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ContactInput, Relationship } from '@shared/schemas/contacts';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCreateContact } from '../api';
import { omitEmpty, toFormValues } from '../omit-empty';
import { ContactForm } from './contact-form';

export function AddContactDialog({ relationship }: { relationship: Relationship }) {
  const [open, setOpen] = useState(false);
  const createContact = useCreateContact();
  const intl = useIntl();
  const label =
    relationship === 'family'
      ? intl.formatMessage({ id: 'contacts.add.familyTitle', defaultMessage: 'Add Family Member' })
      : intl.formatMessage({ id: 'contacts.add.friendTitle', defaultMessage: 'Add Friend' });

  const onSubmit = (values: ContactInput) =>
    createContact
      .mutateAsync(omitEmpty({ ...values, relationship }))
      .then(() => {
        toast({
          title: intl.formatMessage({ id: 'contacts.add.addedTitle', defaultMessage: 'Contact added successfully' }),
          description: intl.formatMessage({ id: 'contacts.add.addedText', defaultMessage: 'Your new contact has been created.' }),
        });
        setOpen(false);
        return true;
      })
      .catch((error: unknown) => {
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'contacts.add.failed', defaultMessage: 'Failed to add contact' }),
          description: errorMessage(error, intl.formatMessage({ id: 'contacts.error.fallback', defaultMessage: 'An error occurred' })),
        });
        return false;
      });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'contacts.add.description',
              defaultMessage: 'Only first and last name are needed; add the rest whenever you like.',
            })}
          </DialogDescription>
        </DialogHeader>
        <ContactForm
          defaultValues={toFormValues({ relationship })}
          submitLabel={intl.formatMessage({ id: 'contacts.add.submit', defaultMessage: 'Add Contact' })}
          isPending={createContact.isPending}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}
