import { PageHeader } from '@web/components/page-header';

type Relationship = 'family' | 'friend';

// Placeholder: the contacts feature fills this screen in (features/contacts/); spec §2: one screen, two relationships.
function ContactsPage({ relationship }: { relationship: Relationship }) {
  const title = relationship === 'family' ? 'Family Members' : 'Friends';
  return (
    <div>
      <title>{`${title} · heirloom`}</title>
      <PageHeader title={title} />
    </div>
  );
}

export function FamilyRoute() {
  return <ContactsPage relationship="family" />;
}

export function FriendsRoute() {
  return <ContactsPage relationship="friend" />;
}
