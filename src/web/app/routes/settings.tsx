import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { ErrorBoundary } from '@web/components/error-boundary';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AccountSettings } from '@web/features/account/components/account-settings';
import { PhotoMaintenance } from '@web/features/photos/components/photo-maintenance';
import { FacesCard } from '@web/features/people/components/faces-card';
import { FamilyDatesDigestCard } from '@web/features/family-dates/components/family-dates-digest-card';
import { HeartbeatCard } from '@web/features/heartbeat/components/heartbeat-card';
import { PrivacySettings } from '@web/features/account/components/privacy-settings';
import { MembersSettings } from '@web/features/admin/components/members-settings';
import { useUser } from '@web/features/auth/api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2 Settings: Photo Management (the photo maintenance panel), Account and Privacy. */
export function SettingsRoute() {
  const intl = useIntl();
  // /settings#your-data opens the Account tab at the Your data card (export and import): a link can go straight there
  const { hash } = useLocation();
  const toYourData = hash === '#your-data';
  const isAdministrator = useUser().data?.isAdministrator === true; // Members is the administrator's tab (decision 048)
  useEffect(() => {
    if (toYourData) document.getElementById('your-data')?.scrollIntoView();
  }, [toYourData]);
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.settings.pageTitle', defaultMessage: 'Settings · heirloom' })}</title>
      <PageHeader
        title={intl.formatMessage({ id: 'app.settings.title', defaultMessage: 'Settings' })}
        description={intl.formatMessage({
          id: 'app.settings.description',
          defaultMessage: 'Look after your photo library and your account.',
        })}
      />
      <Tabs defaultValue={['photos', 'privacy', 'members'].includes(hash.slice(1)) ? hash.slice(1) : 'account'} className="mt-8">
        <TabsList aria-label={intl.formatMessage({ id: 'app.settings.tabs', defaultMessage: 'Settings' })}>
          <TabsTrigger value="photos">
            {intl.formatMessage({ id: 'app.settings.tab.photos', defaultMessage: 'Photo Management' })}
          </TabsTrigger>
          <TabsTrigger value="account">{intl.formatMessage({ id: 'app.settings.tab.account', defaultMessage: 'Account' })}</TabsTrigger>
          <TabsTrigger value="privacy">{intl.formatMessage({ id: 'app.settings.tab.privacy', defaultMessage: 'Privacy' })}</TabsTrigger>
          {isAdministrator && (
            <TabsTrigger value="members">{intl.formatMessage({ id: 'app.settings.tab.members', defaultMessage: 'Members' })}</TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="photos" className="mt-4">
          <ErrorBoundary>
            <PhotoMaintenance />
          </ErrorBoundary>
          <ErrorBoundary>
            <FacesCard />
          </ErrorBoundary>
        </TabsContent>
        <TabsContent value="account" className="mt-4">
          <AccountSettings />
          <div className="mt-6">
            <ErrorBoundary>
              <FamilyDatesDigestCard />
            </ErrorBoundary>
          </div>
          <div className="mt-6">
            <ErrorBoundary>
              <HeartbeatCard />
            </ErrorBoundary>
          </div>
        </TabsContent>
        <TabsContent value="privacy" className="mt-4">
          <PrivacySettings />
        </TabsContent>
        {isAdministrator && (
          <TabsContent value="members" className="mt-4">
            <MembersSettings />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}
