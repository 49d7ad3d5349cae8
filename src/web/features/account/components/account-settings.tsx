import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';

/** Settings → Account: password, sessions and account deletion (beyond the spec's 'coming soon'). */
export function AccountSettings() {
  return (
    <div className="grid gap-6">
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <DeleteAccountCard />
    </div>
  );
}
