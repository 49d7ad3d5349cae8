import { Link } from 'react-router';
import { Network } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ContactsScreen } from '@web/features/contacts/components/contacts-screen';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

// spec §2: Family and Friends are the same screen, filtered by relationship.
export function FamilyRoute() {
  const intl = useIntl();
  return (
    <ContactsScreen
      relationship="family"
      headerLinks={
        <Button variant="outline" asChild>
          <Link to={paths.familyTree}>
            <Network aria-hidden="true" />
            {intl.formatMessage({ id: 'app.family.tree', defaultMessage: 'Family tree' })}
          </Link>
        </Button>
      }
      cardLinks={(contact) => (
        <Link
          to={`${paths.familyTree}?contact=${contact.id}`}
          className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline"
        >
          {intl.formatMessage({ id: 'app.family.showInTree', defaultMessage: 'Show in the tree' })}
        </Link>
      )}
    />
  );
}

export function FriendsRoute() {
  return <ContactsScreen relationship="friend" />;
}
