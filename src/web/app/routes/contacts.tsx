import { ContactsScreen } from '@web/features/contacts/components/contacts-screen';

// spec §2: Family and Friends are the same screen, filtered by relationship.
export function FamilyRoute() {
  return <ContactsScreen relationship="family" />;
}

export function FriendsRoute() {
  return <ContactsScreen relationship="friend" />;
}
