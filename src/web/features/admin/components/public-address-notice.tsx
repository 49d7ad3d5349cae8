import { TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { useInstanceSettings } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * Without PUBLIC_URL the server guesses http://localhost:<port> for every link it sends (invitations, shares,
 * Legacy Kits). When this browser reached heirloom under another name, those links would lead nowhere for
 * the family: say so, with the line to set.
 */
export function PublicAddressNotice() {
  const settings = useInstanceSettings();
  const intl = useIntl();
  if (!settings.data || settings.data.publicUrlConfigured) return null;
  const here = window.location.origin;
  if (new URL(settings.data.publicUrl).origin === here) return null;
  return (
    <Alert variant="warning">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>
        {intl.formatMessage(
          { id: 'admin.publicAddress.title', defaultMessage: 'Links in mails and Legacy Kits point at {url}' },
          { url: settings.data.publicUrl },
        )}
      </AlertTitle>
      <AlertDescription>
        <p>
          {intl.formatMessage({
            id: 'admin.publicAddress.text',
            defaultMessage:
              'heirloom does not know the address your family uses, so invitations, shared links and Legacy Kits would open this computer instead. Add this line to heirloom’s settings (the .env file or compose.yaml) and restart it:',
          })}
        </p>
        <pre className="mt-2 overflow-x-auto rounded bg-amber-100 px-3 py-2 font-mono text-sm">
          <code>PUBLIC_URL={here}</code>
        </pre>
      </AlertDescription>
    </Alert>
  );
}
