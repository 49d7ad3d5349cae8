import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';

/**
 * "Copy link" writes the URL to the clipboard. Where the browser refuses (no clipboard over plain http, or
 * permission denied), the link appears in a selected text field to copy by hand.
 */
export function CopyLink({ url, label = 'Copy link' }: { url: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const [showField, setShowField] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Paste it into a message or an e-mail.' });
    } catch {
      setShowField(true);
      requestAnimationFrame(() => fieldRef.current?.select());
    }
  }

  return (
    <div className="grid gap-2">
      <Button variant="outline" size="sm" className="w-fit" onClick={() => void copy()}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {label}
      </Button>
      {showField && (
        <div className="grid gap-1">
          <label htmlFor={fieldId} className="text-xs text-muted-foreground">
            Your browser did not allow copying. Select the link and copy it:
          </label>
          <Input id={fieldId} ref={fieldRef} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
    </div>
  );
}
