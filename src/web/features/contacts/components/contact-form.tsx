import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { contactInputSchema, type ContactInput } from '@shared/schemas/contacts';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useIntl } from '@web/lib/i18n/use-intl';
import { localDay } from '@web/lib/local-day';
import { ContactLanguageSelect } from './contact-language-select';
import { RelationshipSelect } from './relationship-select';

type ContactFormProps = {
  defaultValues: ContactInput;
  submitLabel: string;
  isPending: boolean;
  /** Resolves true when saved, so the form can reset itself. */
  onSubmit: (values: ContactInput) => Promise<boolean>;
};

/** spec §2: First Name, Last Name, Email, Phone Number, Relationship (family only), Birthday, Address, Notes; then Language. */
export function ContactForm({ defaultValues, submitLabel, isPending, onSubmit }: ContactFormProps) {
  // The same schema the server validates with (STYLE rule 2).
  const form = useForm<ContactInput>({ resolver: zodResolver(contactInputSchema), defaultValues });
  const { errors } = form.formState;
  const intl = useIntl();
  const isFamily = defaultValues.relationship === 'family';

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset(defaultValues);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={intl.formatMessage({ id: 'contacts.form.firstName', defaultMessage: 'First Name' })} error={errors.firstName}>
          <Input autoComplete="off" {...form.register('firstName')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'contacts.form.lastName', defaultMessage: 'Last Name' })} error={errors.lastName}>
          <Input autoComplete="off" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField label={intl.formatMessage({ id: 'contacts.form.email', defaultMessage: 'Email' })} error={errors.email}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <FormField label={intl.formatMessage({ id: 'contacts.form.phoneNumber', defaultMessage: 'Phone Number' })} error={errors.phoneNumber}>
        <Input type="tel" autoComplete="off" {...form.register('phoneNumber')} />
      </FormField>
      {isFamily && (
        <Controller
          control={form.control}
          name="familyRelation"
          render={({ field, fieldState }) => (
            <RelationshipSelect value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      )}
      <FormField label={intl.formatMessage({ id: 'contacts.form.birthday', defaultMessage: 'Birthday' })} error={errors.birthday}>
        <Input type="date" min="1900-01-01" max={localDay()} {...form.register('birthday')} />
      </FormField>
      <FormField label={intl.formatMessage({ id: 'contacts.form.address', defaultMessage: 'Address' })} error={errors.address}>
        <Input autoComplete="off" {...form.register('address')} />
      </FormField>
      <FormField label={intl.formatMessage({ id: 'contacts.form.notes', defaultMessage: 'Notes' })} error={errors.notes}>
        <Textarea rows={3} {...form.register('notes')} />
      </FormField>
      <Controller
        control={form.control}
        name="language"
        render={({ field, fieldState }) => (
          <ContactLanguageSelect value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <DialogFooter>
        <SubmitButton isPending={isPending}>{submitLabel}</SubmitButton>
      </DialogFooter>
    </form>
  );
}
