import { LoginForm } from '@web/features/auth/components/login-form';
import { OwnerSetupNotice } from '@web/features/auth/components/owner-setup-notice';
import { useIntl } from '@web/lib/i18n/use-intl';

export function LoginRoute() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 flex-col">
      <OwnerSetupNotice />
      <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <title>{intl.formatMessage({ id: 'app.login.pageTitle', defaultMessage: 'Login · heirloom' })}</title>
        <LoginForm />
      </div>
    </div>
  );
}
