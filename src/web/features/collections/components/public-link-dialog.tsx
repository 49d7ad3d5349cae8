import { zodResolver } from '@hookform/resolvers/zod';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SHARE_PASSWORD_MAX_LENGTH, type CreatedLink as Created } from '@shared/schemas/sharing';
import { FormField } from '@web/components/form-field';
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
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useCreateLink } from '../api';
import { EMPTY_LINK_FORM, linkFormSchema, linkInputOf, type LinkForm } from '../link-form';
import { CreatedLink } from './created-link';
import { LinkOptions } from './link-options';

/** "Public link": anyone who has it can open the collection, with an optional password and expiry. */
export function PublicLinkDialog({ collectionId }: { collectionId: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const createLink = useCreateLink();
  const form = useForm<LinkForm>({ resolver: zodResolver(linkFormSchema('public')), defaultValues: EMPTY_LINK_FORM });
  const { errors } = form.formState;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY_LINK_FORM);
      setCreated(null);
    }
  }

  const create = form.handleSubmit((values) =>
    createLink.mutate(
      { id: collectionId, input: linkInputOf('public', values) },
      {
        // the dialog itself shows the new link; a toast on top would take the first Escape away from the dialog
        onSuccess: setCreated,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'collections.publicLink.failed', defaultMessage: 'Failed to create link' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'collections.publicLink.anError', defaultMessage: 'An error occurred' }),
            ),
          }),
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Globe aria-hidden="true" />
          {intl.formatMessage({ id: 'collections.link.public', defaultMessage: 'Public link' })}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'collections.link.public', defaultMessage: 'Public link' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'collections.publicLink.description',
              defaultMessage: 'Anyone who has this link can see the collection. You can revoke it at any time.',
            })}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <>
            <CreatedLink
              url={created.url}
              note={
                form.getValues('password')
                  ? intl.formatMessage({
                      id: 'collections.publicLink.sendPassword',
                      defaultMessage: 'Send the password separately from the link.',
                    })
                  : intl.formatMessage({
                      id: 'collections.publicLink.share',
                      defaultMessage: 'Share this link with the people you choose.',
                    })
              }
            />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>
                {intl.formatMessage({ id: 'collections.publicLink.done', defaultMessage: 'Done' })}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form className="grid gap-4" onSubmit={create} noValidate>
            <FormField
              label={intl.formatMessage({ id: 'collections.publicLink.password', defaultMessage: 'Password (optional)' })}
              error={errors.password}
              hint={intl.formatMessage({
                id: 'collections.publicLink.passwordHint',
                defaultMessage: 'Visitors must enter it before they see anything.',
              })}
            >
              <Input type="password" autoComplete="new-password" maxLength={SHARE_PASSWORD_MAX_LENGTH} {...form.register('password')} />
            </FormField>
            <LinkOptions
              expiresOn={form.register('expiresOn')}
              includePlaces={form.register('includePlaces')}
              includeNames={form.register('includeNames')}
              expiryError={errors.expiresOn}
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {intl.formatMessage({ id: 'collections.publicLink.cancel', defaultMessage: 'Cancel' })}
              </Button>
              <Button type="submit" disabled={createLink.isPending}>
                {createLink.isPending
                  ? intl.formatMessage({ id: 'collections.publicLink.creating', defaultMessage: 'Creating...' })
                  : intl.formatMessage({ id: 'collections.publicLink.create', defaultMessage: 'Create link' })}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
