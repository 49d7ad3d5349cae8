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

/** The menu behind the header's "Open menu" button: Settings and Logout (spec §2). Open when it first mounts. */
export function AccountDropdown() {
  const navigate = useNavigate();
  const logout = useLogout();

  // mutateAsync, not mutate: clearing the user unmounts this menu (the path becomes /login), and the
  // promise still settles after an unmount where mutate's per-call callbacks would not.
  const onLogout = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      toast({ variant: 'destructive', title: 'Logout failed', description: 'Please try again' });
      return;
    }
    toast({ title: 'Logged out successfully', description: 'See you next time!' });
    navigate(paths.login, { replace: true });
  };

  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.settings}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout} disabled={logout.isPending}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
