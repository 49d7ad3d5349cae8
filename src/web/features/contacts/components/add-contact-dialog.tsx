import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { ContactInput, Relationship } from '@shared/schemas/contacts';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useCreateContact } from '../api';
import { omitEmpty, toFormValues } from '../omit-empty';
import { ContactForm } from './contact-form';

export function AddContactDialog({ relationship }: { relationship: Relationship }) {
  const [open, setOpen] = useState(false);
  const createContact = useCreateContact();
  const label = relationship === 'family' ? 'Add Family Member' : 'Add Friend';

  const onSubmit = (values: ContactInput) =>
    createContact
      .mutateAsync(omitEmpty({ ...values, relationship }))
      .then(() => {
        toast({ title: 'Contact added successfully', description: 'Your new contact has been created.' });
        setOpen(false);
        return true;
      })
      .catch((error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to add contact', description: errorMessage(error, 'An error occurred') });
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
          <DialogDescription>Only first and last name are needed; add the rest whenever you like.</DialogDescription>
        </DialogHeader>
        <ContactForm
          defaultValues={toFormValues({ relationship })}
          submitLabel="Add Contact"
          isPending={createContact.isPending}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}
