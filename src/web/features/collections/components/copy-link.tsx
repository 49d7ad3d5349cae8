import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * "Copy link" writes the URL to the clipboard and says so beside the button (a toast would sit on top of the
 * dialogs this lives in, and take their first Escape). Where the browser refuses (no clipboard over plain http, or
 * permission denied), the link appears in a selected text field to copy by hand.
 */
export function CopyLink({ url, label }: { url: string; label?: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const [showField, setShowField] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setShowField(true);
      requestAnimationFrame(() => fieldRef.current?.select());
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {label ?? intl.formatMessage({ id: 'collections.copyLink.copy', defaultMessage: 'Copy link' })}
        </Button>
        <span role="status" className="text-xs text-muted-foreground">
          {copied ? intl.formatMessage({ id: 'collections.copyLink.copied', defaultMessage: 'Link copied' }) : ''}
        </span>
      </div>
      {showField && (
        <div className="grid gap-1">
          <label htmlFor={fieldId} className="text-xs text-muted-foreground">
            {intl.formatMessage({
              id: 'collections.copyLink.manual',
              defaultMessage: 'Your browser did not allow copying. Select the link and copy it:',
            })}
          </label>
          <Input id={fieldId} ref={fieldRef} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}
