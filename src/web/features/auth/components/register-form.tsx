import { useSearchParams } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { errorMessage } from '@web/lib/api-client';
import { useInvitation, useSetupStatus } from '../api';
import { AuthMessageCard } from './auth-message-card';
import { RegisterFields } from './register-fields';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * spec Register, as the instance lets people in (decision 048): on a fresh instance it makes the owner's
 * account; opened from an invitation link (/register?invitation=…) the invited address is filled in and
 * locked; otherwise it is the spec's form (the server answers 403 unless registration is open).
 */
export function RegisterForm() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('invitation');
  const setup = useSetupStatus();
  const invitation = useInvitation(token);

  if (setup.isPending || (token !== null && invitation.isPending)) return <FullPageSpinner />;
  if (setup.data?.needsOwner) return <RegisterFields mode={{ kind: 'owner' }} />;
  if (token !== null) {
    if (invitation.data) return <RegisterFields mode={{ kind: 'invited', token, email: invitation.data.email }} />;
    return (
      <AuthMessageCard
        tone="error"
        title={intl.formatMessage({ id: 'auth.register.invitationInvalid', defaultMessage: 'This invitation cannot be used' })}
        message={errorMessage(
          invitation.error,
          intl.formatMessage({
            id: 'auth.register.invitationExpired',
            defaultMessage: 'This invitation has expired or has already been used. Please ask for a new one.',
          }),
        )}
      />
    );
  }
  return <RegisterFields mode={{ kind: 'register' }} />;
}
