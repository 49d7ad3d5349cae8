import { Download } from 'lucide-react';
import { useId } from 'react';
import type { ReleaseKey } from '@shared/schemas/escrow';
import type { Heir } from '@shared/schemas/legacy';
import { Button } from '@web/components/ui/button';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useHeirs } from '../api';
import { bundleUrl, useReleaseKey } from '../escrow-api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Why no copy can be made for this heir yet (the server's reasons, known here before asking), or null. */
function notYet(heir: Heir, releaseKey: ReleaseKey | null): string | null {
  const intl = activeIntl();
  if (!heir.publicKey)
    return intl.formatMessage(
      { id: 'legacy.usb.keyCodeFirst', defaultMessage: 'Make {name}’s key code first: a sealed copy is locked with it.' },
      { name: heir.name },
    );
  if (!releaseKey) return intl.formatMessage({ id: 'legacy.usb.codesFirst', defaultMessage: 'Make the codes for your verifiers first.' });
  if (releaseKey.outdated)
    return intl.formatMessage({ id: 'legacy.usb.newCodesFirst', defaultMessage: 'Make new codes for your verifiers first.' });
  return null;
}

/** Each heir's sealed copy made now, downloaded straight to disk (it can be several GB), for a USB stick. */
export function UsbCopies() {
  const intl = useIntl();
  const heirs = useHeirs();
  const releaseKey = useReleaseKey();
  const titleId = useId();
  if (!heirs.isSuccess || !releaseKey.isSuccess || heirs.data.length === 0) return null;
  const key = releaseKey.data.releaseKey;

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="grid gap-1">
        <h3 id={titleId} className="text-base font-semibold">
          {intl.formatMessage({ id: 'legacy.usb.title', defaultMessage: 'On a USB stick' })}
        </h3>
        <p className="text-sm text-muted-foreground">
          {intl.formatMessage({
            id: 'legacy.usb.description',
            defaultMessage:
              'A copy made now, sealed the same way. Keep it on a USB stick with your will: with the heir’s key code and the verifiers’ codes it opens without heirloom, on any computer, in the opener beside it.',
          })}
        </p>
        <div>
          <Button asChild variant="outline" size="sm">
            <a href="/api/legacy/opener" download>
              <Download aria-hidden="true" />
              {intl.formatMessage({ id: 'legacy.usb.opener', defaultMessage: 'Download the opener' })}
            </a>
          </Button>
        </div>
      </div>
      <ul aria-label={intl.formatMessage({ id: 'legacy.usb.list', defaultMessage: 'Copies for a USB stick' })} className="grid gap-2">
        {heirs.data.map((heir) => {
          const reason = notYet(heir, key);
          return (
            <li key={heir.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
              <span className="font-medium">{heir.name}</span>
              {reason ? (
                <span className="text-muted-foreground">{reason}</span>
              ) : (
                <Button asChild variant="outline" size="sm">
                  <a href={bundleUrl(heir.id)} download>
                    <Download aria-hidden="true" />
                    {intl.formatMessage({ id: 'legacy.usb.download', defaultMessage: 'Download for a USB stick' })}
                    <span className="sr-only">{` (${intl.formatMessage({ id: 'legacy.usb.copyOf', defaultMessage: '{name}’s copy' }, { name: heir.name })})`}</span>
                  </a>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
