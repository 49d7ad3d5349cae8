import { RegisterForm } from '@web/features/auth/components/register-form';
import { useIntl } from '@web/lib/i18n/use-intl';

export function RegisterRoute() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12">
      <title>{intl.formatMessage({ id: 'app.register.pageTitle', defaultMessage: 'Create your account · heirloom' })}</title>
      <RegisterForm />
    </div>
  );
}
