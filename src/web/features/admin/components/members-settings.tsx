import { PublicAddressNotice } from './public-address-notice';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { WaitlistCard } from './waitlist-card';

/** Settings → Members (the administrator only, decision 048): invitations, people asking to join, members. */
export function MembersSettings() {
  return (
    <div className="grid gap-6">
      <PublicAddressNotice />
      <InvitationsCard />
      <WaitlistCard />
      <MembersCard />
    </div>
  );
}
