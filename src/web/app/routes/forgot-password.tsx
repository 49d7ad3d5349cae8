import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';
import { useIntl } from '@web/lib/i18n/use-intl';

export function ForgotPasswordRoute() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <title>{intl.formatMessage({ id: 'app.forgotPassword.pageTitle', defaultMessage: 'Forgot password · heirloom' })}</title>
      <ForgotPasswordForm />
    </div>
  );
}
