import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Contact } from '@shared/schemas/contacts';
import { heirInputSchema, type Heir } from '@shared/schemas/legacy';
import { DialogForm } from '@web/components/dialog-form';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl, translateText } from '@web/lib/i18n/language-store';
import type { PickerItem } from '@web/lib/own-items';
import { localDay } from '@web/lib/local-day';
import { useAddHeir } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Why a contact cannot become an heir, or undefined when it can. */
export function heirUnavailableReason(contact: Contact, heirs: Heir[]) {
  const intl = activeIntl();
  if (!contact.email)
    return intl.formatMessage({ id: 'legacy.addHeir.noEmail', defaultMessage: 'No e-mail address: add one on their contact card first' });
  if (heirs.some((heir) => heir.contactId === contact.id))
    return intl.formatMessage({ id: 'legacy.addHeir.already', defaultMessage: 'Already an heir' });
  return undefined;
}

// the shared contract, with the dialog's own words for "no one chosen yet"
const addHeirFormSchema = () =>
  heirInputSchema.extend({
    contactId: z
      .number()
      .nullable()
      .refine(
        (id) => id !== null,
        activeIntl().formatMessage({ id: 'legacy.addHeir.chooseWho', defaultMessage: 'Choose who the heir is.' }),
      )
      .pipe(heirInputSchema.shape.contactId),
  });
type AddHeirForm = z.input<ReturnType<typeof addHeirFormSchema>>;
const EMPTY: AddHeirForm = { contactId: null, dateOfBirth: null };

/** "Add heir": a contact with an e-mail address, and a date of birth for releases at an age. */
export function AddHeirDialog({ heirs }: { heirs: Heir[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const addHeir = useAddHeir();
  const form = useForm({ resolver: zodResolver(addHeirFormSchema()), defaultValues: EMPTY });
  const contactId = form.watch('contactId');

  function onOpenChange(next: boolean) {
    setOpen(next);
    form.reset(EMPTY);
  }

  function choose(id: number, { contact }: PickerItem) {
    form.setValue('contactId', id, { shouldValidate: form.formState.isSubmitted });
    // a contact's birthday is usually the heir's date of birth; the owner can change it
    if (contact?.birthday) form.setValue('dateOfBirth', contact.birthday);
  }

  const add = form.handleSubmit((input) =>
    addHeir.mutate(
      { contactId: input.contactId, dateOfBirth: input.dateOfBirth || null },
      {
        onSuccess: (heir) => {
          onOpenChange(false);
          toast({
            title: intl.formatMessage({ id: 'legacy.addHeir.added', defaultMessage: 'Heir added' }),
            description: intl.formatMessage(
              { id: 'legacy.addHeir.addedText', defaultMessage: '{name} is now one of your heirs.' },
              { name: heir.name },
            ),
          });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'legacy.addHeir.failed', defaultMessage: 'Failed to add the heir' }),
            description: errorMessage(err, intl.formatMessage({ id: 'legacy.common.anError', defaultMessage: 'An error occurred' })),
          }),
      },
    ),
  );

  return (
    <DialogForm
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <UserPlus aria-hidden="true" />
          {intl.formatMessage({ id: 'legacy.addHeir.title', defaultMessage: 'Add heir' })}
        </Button>
      }
      title={intl.formatMessage({ id: 'legacy.addHeir.title', defaultMessage: 'Add heir' })}
      description={intl.formatMessage({
        id: 'legacy.addHeir.description',
        defaultMessage:
          'Choose someone from Family or Friends. heirloom e-mails them when something is released to them, so they need an e-mail address.',
      })}
      submitLabel={
        addHeir.isPending
          ? intl.formatMessage({ id: 'legacy.addHeir.adding', defaultMessage: 'Adding...' })
          : intl.formatMessage({ id: 'legacy.addHeir.title', defaultMessage: 'Add heir' })
      }
      isPending={addHeir.isPending}
      onSubmit={add}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{intl.formatMessage({ id: 'legacy.addHeir.heir', defaultMessage: 'Heir' })}</legend>
        <OwnItemPicker
          kind="contact"
          enabled={open}
          mode="one"
          selected={new Set(contactId === null ? [] : [contactId])}
          onToggle={choose}
          label={intl.formatMessage({ id: 'legacy.addHeir.contacts', defaultMessage: 'Your contacts' })}
          empty={intl.formatMessage({
            id: 'legacy.addHeir.noContacts',
            defaultMessage: 'No contacts yet. Add family members or friends first.',
          })}
          unavailable={(item) => item.contact && heirUnavailableReason(item.contact, heirs)}
        />
        {form.formState.errors.contactId && (
          <p className="text-sm font-medium text-destructive">{translateText(form.formState.errors.contactId.message ?? '')}</p>
        )}
      </fieldset>
      <FormField
        label={intl.formatMessage({ id: 'legacy.addHeir.birth', defaultMessage: 'Date of birth (optional)' })}
        error={form.formState.errors.dateOfBirth}
        hint={intl.formatMessage({ id: 'legacy.birth.hint', defaultMessage: 'Needed to release something on a birthday, e.g. at 18.' })}
      >
        <Input type="date" max={localDay()} {...form.register('dateOfBirth', { setValueAs: (day: string | null) => day || null })} />
      </FormField>
    </DialogForm>
  );
}
