import { Menu, UserRound } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { preloadableLazy } from '@web/lib/preloadable-lazy';
import { paths } from '../paths';
import { QueryScope } from '../query-scope';
import { useIntl } from '@web/lib/i18n/use-intl';

// The menu (Radix's dropdown with its positioning and scroll lock, ~20 KB) loads when first wanted, not with
// every page: the header shows a plain button until then (the dashboard's script budget, bench/frontend.ts).
const AccountDropdown = preloadableLazy(() => import('./account-dropdown').then((m) => m.AccountDropdown));

/** spec §2: on signed-in paths the header shows a profile button and a menu with Settings and Logout. */
export function AccountMenu() {
  const [opened, setOpened] = useState(false);
  const intl = useIntl();
  const menuButton = (onOpen?: () => void) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={intl.formatMessage({ id: 'app.accountMenu.open', defaultMessage: 'Open menu' })}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void AccountDropdown.preload()}
      onFocus={() => void AccountDropdown.preload()}
      onClick={onOpen}
    >
      <Menu aria-hidden="true" className="size-5" />
    </Button>
  );
  return (
    <div className="flex items-center gap-1">
      <Button asChild variant="ghost" size="icon">
        <Link to={paths.profile} aria-label={intl.formatMessage({ id: 'app.accountMenu.profile', defaultMessage: 'Profile' })}>
          <UserRound aria-hidden="true" className="size-5" />
        </Link>
      </Button>
      {opened ? (
        // The header sits outside the routes' query scope (see app/query-scope.tsx), so the menu brings its own.
        <QueryScope>
          <Suspense fallback={menuButton()}>
            <AccountDropdown />
          </Suspense>
        </QueryScope>
      ) : (
        menuButton(() => setOpened(true))
      )}
    </div>
  );
}
