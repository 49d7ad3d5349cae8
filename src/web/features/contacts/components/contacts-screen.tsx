import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Contact, Relationship } from '@shared/schemas/contacts';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useOpenedId } from '@web/hooks/use-opened-id';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { pagedItems } from '@web/lib/paged-cache';
import { useContactPages, useDeleteContact } from '../api';
import { AddContactDialog } from './add-contact-dialog';
import { ContactGrid } from './contact-grid';
import { EditContactDialog } from './edit-contact-dialog';
import { OpenedContact } from './opened-contact';

type ContactsScreenProps = {
  relationship: Relationship;
  /** Links beside the Add button (the Family page's "Family tree"). */
  headerLinks?: ReactNode;
  /** Links on each card (the Family page's "Show in the tree"). */
  cardLinks?: (contact: Contact) => ReactNode;
};

/** spec §2 Family / Friends: one screen, filtered by relationship. */
export function ContactsScreen({ relationship, headerLinks, cardLinks }: ContactsScreenProps) {
  const pages = useContactPages(relationship);
  const contacts = pagedItems(pages.data);
  const opened = useOpenedId('contact');
  const deleteContact = useDeleteContact();
  const [editing, setEditing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const intl = useIntl();
  const title =
    relationship === 'family'
      ? intl.formatMessage({ id: 'contacts.screen.familyTitle', defaultMessage: 'Family Members' })
      : intl.formatMessage({ id: 'contacts.screen.friendsTitle', defaultMessage: 'Friends' });
  const fallback = intl.formatMessage({ id: 'contacts.error.fallback', defaultMessage: 'An error occurred' });
  const fetchFailed = intl.formatMessage({ id: 'contacts.screen.fetchFailed', defaultMessage: 'Failed to fetch contacts' });

  // spec §8: a failed load is announced as a toast, as well as shown in place of the list.
  const loadError = pages.error;
  useEffect(() => {
    if (loadError) toast({ variant: 'destructive', title: fetchFailed, description: errorMessage(loadError, fallback) });
  }, [loadError, fetchFailed, fallback]);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteContact.mutate(deleting.id, {
      onSuccess: () =>
        toast({
          title: intl.formatMessage({ id: 'contacts.delete.doneTitle', defaultMessage: 'Contact deleted' }),
          description: intl.formatMessage({ id: 'contacts.delete.doneText', defaultMessage: 'The contact has been removed.' }),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'contacts.delete.failed', defaultMessage: 'Failed to delete contact' }),
          description: errorMessage(error, fallback),
        }),
    });
    setDeleting(null);
  };

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <div>
      <title>{intl.formatMessage({ id: 'contacts.screen.pageTitle', defaultMessage: '{title} · heirloom' }, { title })}</title>
      <PageHeader
        title={title}
        actions={
          <>
            {headerLinks}
            <AddContactDialog relationship={relationship} />
          </>
        }
      />
      <section aria-label={title} className="mt-8">
        {opened.id !== null && <OpenedContact id={opened.id} onClose={opened.close} onEdit={setEditing} onDelete={setDeleting} />}
        {pages.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={intl.formatMessage({ id: 'contacts.screen.loading', defaultMessage: 'Loading contacts' })} />
          </div>
        ) : pages.isError && contacts.length === 0 ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
            <p className="font-medium">{fetchFailed}</p>
            <Button variant="outline" className="mt-4" onClick={() => pages.refetch()}>
              {intl.formatMessage({ id: 'contacts.screen.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          </div>
        ) : contacts.length === 0 ? (
          <EmptyState
            title={intl.formatMessage({ id: 'contacts.screen.empty', defaultMessage: 'No contacts added yet' })}
            headingLevel={2}
          />
        ) : (
          <>
            <ContactGrid contacts={contacts} onEdit={setEditing} onDelete={setDeleting} onNearEnd={loadMore} cardLinks={cardLinks} />
            {isFetchingNextPage && (
              <p role="status" className="text-center text-sm text-muted-foreground">
                {intl.formatMessage({ id: 'contacts.screen.loadingMore', defaultMessage: 'Loading more contacts...' })}
              </p>
            )}
          </>
        )}
      </section>
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={intl.formatMessage({ id: 'contacts.delete.title', defaultMessage: 'Delete contact' })}
        text={
          deleting
            ? intl.formatMessage(
                {
                  id: 'contacts.delete.confirm',
                  defaultMessage: 'Remove {firstName} {lastName} from your contacts? This cannot be undone.',
                },
                { firstName: deleting.firstName, lastName: deleting.lastName },
              )
            : ''
        }
        confirmLabel={intl.formatMessage({ id: 'contacts.delete.confirmLabel', defaultMessage: 'Delete' })}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
