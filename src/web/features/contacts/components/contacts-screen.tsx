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
  const title = relationship === 'family' ? 'Family Members' : 'Friends';

  // spec §8: a failed load is announced as a toast, as well as shown in place of the list.
  const loadError = pages.error;
  useEffect(() => {
    if (loadError)
      toast({ variant: 'destructive', title: 'Failed to fetch contacts', description: errorMessage(loadError, 'An error occurred') });
  }, [loadError]);

  const confirmDelete = () => {
    if (!deleting) return;
    deleteContact.mutate(deleting.id, {
      onSuccess: () => toast({ title: 'Contact deleted', description: 'The contact has been removed.' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to delete contact', description: errorMessage(error, 'An error occurred') }),
    });
    setDeleting(null);
  };

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  return (
    <div>
      <title>{`${title} · heirloom`}</title>
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
            <Spinner label="Loading contacts" />
          </div>
        ) : pages.isError && contacts.length === 0 ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
            <p className="font-medium">Failed to fetch contacts</p>
            <Button variant="outline" className="mt-4" onClick={() => pages.refetch()}>
              Try again
            </Button>
          </div>
        ) : contacts.length === 0 ? (
          <EmptyState title="No contacts added yet" headingLevel={2} />
        ) : (
          <>
            <ContactGrid contacts={contacts} onEdit={setEditing} onDelete={setDeleting} onNearEnd={loadMore} cardLinks={cardLinks} />
            {isFetchingNextPage && (
              <p role="status" className="text-center text-sm text-muted-foreground">
                Loading more contacts...
              </p>
            )}
          </>
        )}
      </section>
      <EditContactDialog contact={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete contact"
        text={deleting ? `Remove ${deleting.firstName} ${deleting.lastName} from your contacts? This cannot be undone.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
