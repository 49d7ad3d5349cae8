import { readKeyCode } from '@shared/key-code';
import { Button } from '@web/components/ui/button';
import { KeyCodeField, useKeyCodeForm } from './key-code-field';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * After a reload the page still shows what was released (a cookie), but the key code was kept in memory only:
 * sealed letters ask for it again. It is checked here and used in this browser; it is not sent anywhere.
 */
export function SealedCodeForm({ onKeyCode }: { onKeyCode: (keyCode: string) => void }) {
  const intl = useIntl();
  const form = useKeyCodeForm();
  const onSubmit = form.handleSubmit(({ keyCode }) => {
    const code = readKeyCode(keyCode);
    if (code) onKeyCode(code);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-prose gap-3 rounded-xl border bg-muted/40 p-4">
      <KeyCodeField
        control={form.control}
        label={intl.formatMessage({ id: 'heir.sealedCode.label', defaultMessage: 'Key code for sealed letters' })}
        hint={intl.formatMessage({
          id: 'heir.sealedCode.hint',
          defaultMessage:
            'Sealed letters open only in a browser that has your key code. It stays on this page and is forgotten when you leave.',
        })}
        error={form.formState.errors.keyCode?.message}
      />
      <Button type="submit" className="w-full sm:w-fit">
        {intl.formatMessage({ id: 'heir.sealedCode.open', defaultMessage: 'Open sealed letters' })}
      </Button>
    </form>
  );
}
