import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@web/features/auth/components/reset-password-form';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The page a password-reset mail links to: /reset-password?token=… */
export function ResetPasswordRoute() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <title>{intl.formatMessage({ id: 'app.resetPassword.pageTitle', defaultMessage: 'Choose a new password · heirloom' })}</title>
      <ResetPasswordForm key={token} token={token} />
    </div>
  );
}
