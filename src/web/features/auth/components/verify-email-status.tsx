import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { accountTokenSchema, VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useUser, useVerifyEmail } from '../api';
import { AuthMessageCard } from './auth-message-card';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Opening the mail's link verifies the address: the token is sent once, on arrival, signed in or not. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const intl = useIntl();
  const user = useUser();
  const verifyEmail = useVerifyEmail();
  const isToken = accountTokenSchema.safeParse(token).success;
  const sentFor = useRef<string | null>(null);
  const { mutate } = verifyEmail;

  // Arriving from the link is the event; the ref keeps StrictMode's second effect run from sending a used token.
  useEffect(() => {
    if (!isToken || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
  }, [isToken, token, mutate]);

  const next = user.data ? (
    <Button asChild>
      <Link to="/profile">{intl.formatMessage({ id: 'auth.verify.goToProfile', defaultMessage: 'Go to your profile' })}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link to="/login">{intl.formatMessage({ id: 'auth.goToLogin', defaultMessage: 'Go to login' })}</Link>
    </Button>
  );

  if (!isToken) {
    return (
      <AuthMessageCard
        title={intl.formatMessage({ id: 'auth.link.invalid', defaultMessage: 'This link cannot be used' })}
        message={accountTokenSchema.safeParse(token).error?.issues[0]?.message ?? VERIFY_LINK_INVALID}
        tone="error"
      >
        {next}
      </AuthMessageCard>
    );
  }
  if (verifyEmail.isSuccess) {
    return (
      <AuthMessageCard
        title={intl.formatMessage({ id: 'auth.verify.verified', defaultMessage: 'E-mail address verified' })}
        message={verifyEmail.data.message}
        tone="success"
      >
        {next}
      </AuthMessageCard>
    );
  }
  if (verifyEmail.isError) {
    return (
      <AuthMessageCard
        title={intl.formatMessage({ id: 'auth.link.invalid', defaultMessage: 'This link cannot be used' })}
        message={errorMessage(verifyEmail.error, VERIFY_LINK_INVALID)}
        tone="error"
      >
        {user.data ? (
          <Button asChild>
            <Link to="/profile">
              {intl.formatMessage({ id: 'auth.verify.sendFromProfile', defaultMessage: 'Send a new link from your profile' })}
            </Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/login">{intl.formatMessage({ id: 'auth.verify.loginToAsk', defaultMessage: 'Log in to ask for a new link' })}</Link>
          </Button>
        )}
      </AuthMessageCard>
    );
  }
  return <FullPageSpinner />;
}
