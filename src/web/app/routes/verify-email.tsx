import { useSearchParams } from 'react-router';
import { VerifyEmailStatus } from '@web/features/auth/components/verify-email-status';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The page a verification mail links to: /verify-email?token=… */
export function VerifyEmailRoute() {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <title>{intl.formatMessage({ id: 'app.verifyEmail.pageTitle', defaultMessage: 'Verify your e-mail address · heirloom' })}</title>
      <VerifyEmailStatus key={token} token={token} />
    </div>
  );
}
