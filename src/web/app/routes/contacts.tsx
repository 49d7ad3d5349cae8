import { Link } from 'react-router';
import { Network } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ContactsScreen } from '@web/features/contacts/components/contacts-screen';
import { paths } from '../paths';

// spec §2: Family and Friends are the same screen, filtered by relationship.
export function FamilyRoute() {
  return (
    <ContactsScreen
      relationship="family"
      headerLinks={
        <Button variant="outline" asChild>
          <Link to={paths.familyTree}>
            <Network aria-hidden="true" />
            Family tree
          </Link>
        </Button>
      }
      cardLinks={(contact) => (
        <Link
          to={`${paths.familyTree}?contact=${contact.id}`}
          className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
        >
          Show in the tree
        </Link>
      )}
    />
  );
}

export function FriendsRoute() {
  return <ContactsScreen relationship="friend" />;
}
