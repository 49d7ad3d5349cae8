import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { careSettingsInputSchema, type Caregiver, type CareSettings, type CareSettingsInput } from '@shared/schemas/care';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCareCollections, useCareContacts, useCareSettings, useSaveCare } from '../api';

const messages = defineMessages({
  open: { id: 'care.card.standingOpen', defaultMessage: 'Can see what you chose since {date}' },
  asked: { id: 'care.card.standingAsked', defaultMessage: 'Asked on {asked}; can see it from {opens} unless you refuse' },
});

/** Where one caregiver stands, in words. */
export function caregiverStanding(c: Caregiver): string | null {
  const intl = activeIntl();
  if (c.state === 'open') return intl.formatMessage(messages.open, { date: formatLongDate(c.openedAt) });
  if (c.state === 'asked')
    return intl.formatMessage(messages.asked, { asked: formatLongDate(c.askedAt), opens: formatLongDate(c.opensAt) });
  return null;
}

type FormValues = CareSettingsInput;

function Checkbox({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: () => void; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4" checked={checked} onChange={onChange} />
      <span>
        {label}
        {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
      </span>
    </label>
  );
}

const toggled = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

function CareForm({ settings }: { settings: CareSettings }) {
  const intl = useIntl();
  const save = useSaveCare();
  const contacts = useCareContacts();
  const collections = useCareCollections();
  const form = useForm<FormValues>({
    resolver: zodResolver(careSettingsInputSchema),
    defaultValues: { caregivers: settings.caregivers.map((c) => c.contactId), scope: settings.scope, waitingDays: settings.waitingDays },
  });
  const [caregivers, scope] = useWatch({ control: form.control, name: ['caregivers', 'scope'] });
  const caregiversId = useId();
  const scopeId = useId();
  const dirty = { shouldDirty: true };

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () =>
        toast({
          title: intl.formatMessage({ id: 'care.card.saved', defaultMessage: 'Care access saved' }),
          description: intl.formatMessage({
            id: 'care.card.savedText',
            defaultMessage: 'Newly named caregivers have been e-mailed their link.',
          }),
        }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: errorMessage(err, intl.formatMessage({ id: 'care.card.saveFailed', defaultMessage: 'Care access could not be saved' })),
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2" aria-describedby={caregiversId}>
        <legend className="font-medium">{intl.formatMessage({ id: 'care.card.caregivers', defaultMessage: 'Caregivers' })}</legend>
        <p id={caregiversId} className="text-xs text-muted-foreground">
          {intl.formatMessage({
            id: 'care.card.caregiversHint',
            defaultMessage:
              'People you trust, from your contacts with an e-mail address. Each is e-mailed a personal link to ask for access.',
          })}
        </p>
        {contacts.isPending ? (
          <Skeleton className="h-10" />
        ) : contacts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'care.card.contactsFailed', defaultMessage: 'Failed to load your contacts' })}
          </p>
        ) : contacts.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'care.card.noContacts', defaultMessage: 'Add a contact with an e-mail address to name them here.' })}
          </p>
        ) : (
          contacts.data.map((c) => (
            <Checkbox
              key={c.id}
              label={`${c.firstName} ${c.lastName}`.trim()}
              hint={c.email ?? undefined}
              checked={caregivers.includes(c.id)}
              onChange={() => form.setValue('caregivers', toggled(caregivers, c.id), dirty)}
            />
          ))
        )}
        {form.formState.errors.caregivers?.message && (
          <p className="text-sm font-medium text-destructive">{form.formState.errors.caregivers.message}</p>
        )}
      </fieldset>

      <fieldset className="grid gap-2" aria-describedby={scopeId}>
        <legend className="font-medium">{intl.formatMessage({ id: 'care.card.scope', defaultMessage: 'What they may see' })}</legend>
        <p id={scopeId} className="text-xs text-muted-foreground">
          {intl.formatMessage({
            id: 'care.card.scopeHint',
            defaultMessage: 'Read-only: they can look and download, never change or delete anything.',
          })}
        </p>
        <Checkbox
          label={intl.formatMessage({ id: 'care.card.documents', defaultMessage: 'The documents in your vault' })}
          checked={scope.documents}
          onChange={() => form.setValue('scope.documents', !scope.documents, dirty)}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'care.card.contacts', defaultMessage: 'Your contacts' })}
          checked={scope.contacts}
          onChange={() => form.setValue('scope.contacts', !scope.contacts, dirty)}
        />
        {collections.isSuccess &&
          collections.data.map((c) => (
            <Checkbox
              key={c.id}
              label={intl.formatMessage({ id: 'care.card.collection', defaultMessage: 'Collection: {title}' }, { title: c.title })}
              checked={scope.collectionIds.includes(c.id)}
              onChange={() => form.setValue('scope.collectionIds', toggled(scope.collectionIds, c.id), dirty)}
            />
          ))}
      </fieldset>

      <FormField
        label={intl.formatMessage({ id: 'care.card.waiting', defaultMessage: 'Waiting time (days)' })}
        error={form.formState.errors.waitingDays}
        hint={intl.formatMessage({
          id: 'care.card.waitingHint',
          defaultMessage: 'After someone asks, you are e-mailed at once and have this long to refuse. 0 to 30 days.',
        })}
      >
        <Input type="number" min={0} max={30} className="w-28" {...form.register('waitingDays', { valueAsNumber: true })} />
      </FormField>

      <SubmitButton
        isPending={save.isPending}
        pendingLabel={intl.formatMessage({ id: 'care.card.saving', defaultMessage: 'Saving…' })}
        className="justify-self-start"
      >
        {intl.formatMessage({ id: 'care.card.save', defaultMessage: 'Save care access' })}
      </SubmitButton>
    </form>
  );
}

/** After Life: who may look after things while the owner cannot, what they may see, and how long the owner has to refuse. */
export function CareAccessCard() {
  const intl = useIntl();
  const settings = useCareSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'care.card.title', defaultMessage: 'Care access' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'care.card.description',
            defaultMessage:
              'Care access is for when you are alive but cannot look after things — an illness, a hospital stay. Nothing meant for after your death is shown.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isPending ? (
          <Skeleton className="h-40" />
        ) : settings.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm text-destructive">
            {intl.formatMessage({ id: 'care.card.loadFailed', defaultMessage: 'Failed to load care access' })}
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              {intl.formatMessage({ id: 'care.card.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : (
          <>
            {settings.data.caregivers.some((c) => c.state !== 'idle') && (
              <ul
                aria-label={intl.formatMessage({ id: 'care.card.activeList', defaultMessage: 'Care access asked for or open' })}
                className="grid gap-1 text-sm"
              >
                {settings.data.caregivers
                  .filter((c) => c.state !== 'idle')
                  .map((c) => (
                    <li key={c.contactId}>
                      <span className="font-medium">{c.name}</span>: {caregiverStanding(c)}
                    </li>
                  ))}
              </ul>
            )}
            <CareForm settings={settings.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
