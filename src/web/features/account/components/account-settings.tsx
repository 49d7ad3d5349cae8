import { ChangePasswordCard } from './change-password-card';
import { DeleteAccountCard } from './delete-account-card';
import { LanguageCard } from './language-card';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';
import { StorageUsageCard } from './storage-usage-card';
import { YourDataCard } from './your-data-card';

/** Settings → Account: storage, your data (export, import), password, sessions and account deletion (beyond the spec's 'coming soon'). */
export function AccountSettings() {
  return (
    <div className="grid gap-6">
      <LanguageCard />
      <StorageUsageCard />
      <YourDataCard />
      <ChangePasswordCard />
      <SignOutEverywhereCard />
      <DeleteAccountCard />
    </div>
  );
}
