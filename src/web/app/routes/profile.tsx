import { PageHeader } from '@web/components/page-header';
import { EmailAddressCard } from '@web/features/account/components/email-address-card';
import { useUser } from '@web/features/auth/api';
import { PersonalInfoCard } from '@web/features/profile/components/personal-info-card';
import { ProfilePictureCard } from '@web/features/profile/components/profile-picture-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 Profile: the picture card and the Personal Information card; then the e-mail address and its verification. */
export function ProfileRoute() {
  const intl = useIntl();
  const { data: user } = useUser(); // RequireAuth renders this page only with a user
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.profile.pageTitle', defaultMessage: 'Profile · heirloom' })}</title>
      <PageHeader
        title={intl.formatMessage({ id: 'app.profile.title', defaultMessage: 'Profile' })}
        description={intl.formatMessage({
          id: 'app.profile.description',
          defaultMessage: 'How you appear in heirloom, and the details of your life story.',
        })}
      />
      {user && (
        <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
          <ProfilePictureCard user={user} />
          <div className="grid min-w-0 gap-6">
            <PersonalInfoCard key={user.id} user={user} />
            <EmailAddressCard user={user} />
          </div>
        </div>
      )}
    </div>
  );
}
