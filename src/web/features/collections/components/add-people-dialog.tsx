import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Contact } from '@shared/schemas/contacts';
import type { CreatedLink as Created, ShareLink } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { OwnItemPicker } from '@web/components/own-item-picker';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCreateLink } from '../api';
import { EMPTY_LINK_FORM, linkFormSchema, linkInputOf, type LinkForm } from '../link-form';
import { CreatedLink } from './created-link';
import { LinkOptions } from './link-options';

/** Why a contact cannot be chosen, or undefined when it can. */
const UNAVAILABLE = defineMessages({
  noEmail: { id: 'collections.addPeople.noEmail', defaultMessage: 'No e-mail address: add one on their contact card first' },
  hasLink: { id: 'collections.addPeople.hasLink', defaultMessage: 'Already has a link to this collection' },
});

export function unavailableReason(contact: Contact, links: ShareLink[]) {
  if (!contact.email) return activeIntl().formatMessage(UNAVAILABLE.noEmail);
  if (links.some((link) => link.contact?.id === contact.id)) return activeIntl().formatMessage(UNAVAILABLE.hasLink);
  return undefined;
}

type AddPeopleDialogProps = { collectionId: number; links: ShareLink[] };

/** "Add people": a personal link for one contact, sent to their e-mail address. */
export function AddPeopleDialog({ collectionId, links }: AddPeopleDialogProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // the chosen contact itself: it may be on a page or in a search no longer shown
  const [contact, setContact] = useState<Contact | null>(null);
  const [created, setCreated] = useState<{ link: Created; contact: Contact } | null>(null);
  const createLink = useCreateLink();
  const form = useForm<LinkForm>({ resolver: zodResolver(linkFormSchema('personal')), defaultValues: EMPTY_LINK_FORM });
  const { errors } = form.formState;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setContact(null);
      form.reset(EMPTY_LINK_FORM);
      setCreated(null);
    }
  }

  function choose(chosen: Contact | null) {
    setContact(chosen);
    form.setValue('contactId', chosen?.id ?? null, { shouldValidate: form.formState.isSubmitted });
  }

  const share = form.handleSubmit((values) => {
    if (!contact) return;
    createLink.mutate(
      { id: collectionId, input: linkInputOf('personal', values) },
      {
        // the dialog itself says the link is on its way; a toast on top would take the first Escape away from the dialog
        onSuccess: (link) => setCreated({ link, contact }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'collections.addPeople.failed', defaultMessage: 'Failed to share' }),
            description: errorMessage(
              err,
              intl.formatMessage({ id: 'collections.addPeople.anError', defaultMessage: 'An error occurred' }),
            ),
          }),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus aria-hidden="true" />
          {intl.formatMessage({ id: 'collections.addPeople.title', defaultMessage: 'Add people' })}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'collections.addPeople.title', defaultMessage: 'Add people' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'collections.addPeople.description',
              defaultMessage:
                'Choose someone from Family or Friends. They receive a personal link by e-mail and need no account to open it.',
            })}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            <CreatedLink
              url={created.link.url}
              note={intl.formatMessage(
                {
                  id: 'collections.addPeople.sent',
                  defaultMessage: 'The link is on its way to {email}. You can also copy it and send it yourself.',
                },
                { email: created.contact.email },
              )}
            />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>
                {intl.formatMessage({ id: 'collections.addPeople.done', defaultMessage: 'Done' })}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={share} noValidate>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">
                {intl.formatMessage({ id: 'collections.addPeople.shareWith', defaultMessage: 'Share with' })}
              </legend>
              <OwnItemPicker
                kind="contact"
                enabled={open}
                mode="one"
                selected={new Set(contact ? [contact.id] : [])}
                onToggle={(_id, item) => choose(item.contact ?? null)}
                label={intl.formatMessage({ id: 'collections.addPeople.contacts', defaultMessage: 'Your contacts' })}
                empty={intl.formatMessage({
                  id: 'collections.addPeople.noContacts',
                  defaultMessage: 'No contacts yet. Add family members or friends first.',
                })}
                unavailable={(item) => item.contact && unavailableReason(item.contact, links)}
              />
              {errors.contactId && <p className="text-sm font-medium text-destructive">{errors.contactId.message}</p>}
            </fieldset>
            <LinkOptions
              expiresOn={form.register('expiresOn')}
              includePlaces={form.register('includePlaces')}
              includeNames={form.register('includeNames')}
              expiryError={errors.expiresOn}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {intl.formatMessage({ id: 'collections.addPeople.cancel', defaultMessage: 'Cancel' })}
              </Button>
              <Button type="submit" disabled={createLink.isPending}>
                {createLink.isPending
                  ? intl.formatMessage({ id: 'collections.addPeople.sending', defaultMessage: 'Sending...' })
                  : intl.formatMessage({ id: 'collections.addPeople.send', defaultMessage: 'Send link' })}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
