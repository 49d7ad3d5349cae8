import { LogOut, Menu, Settings } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { toast } from '@web/components/ui/use-toast';
import { useLogout } from '@web/features/auth/api';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The menu behind the header's "Open menu" button: Settings and Logout (spec §2). Open when it first mounts. */
export function AccountDropdown() {
  const navigate = useNavigate();
  const logout = useLogout();
  const intl = useIntl();

  // mutateAsync, not mutate: clearing the user unmounts this menu (the path becomes /login), and the
  // promise still settles after an unmount where mutate's per-call callbacks would not.
  const onLogout = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'app.logout.failed', defaultMessage: 'Logout failed' }),
        description: intl.formatMessage({ id: 'app.logout.tryAgain', defaultMessage: 'Please try again' }),
      });
      return;
    }
    toast({
      title: intl.formatMessage({ id: 'app.logout.success', defaultMessage: 'Logged out successfully' }),
      description: intl.formatMessage({ id: 'app.logout.seeYou', defaultMessage: 'See you next time!' }),
    });
    navigate(paths.login, { replace: true });
  };

  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={intl.formatMessage({ id: 'app.accountMenu.open', defaultMessage: 'Open menu' })}>
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings aria-hidden="true" />
            {intl.formatMessage({ id: 'app.accountMenu.settings', defaultMessage: 'Settings' })}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          {intl.formatMessage({ id: 'app.accountMenu.logout', defaultMessage: 'Logout' })}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
