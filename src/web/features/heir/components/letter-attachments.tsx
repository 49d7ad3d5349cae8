import { Download, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { LetterContent } from '@shared/sealed-letter';
import { fromBase64 } from '../sealed-letter';
import { useIntl } from '@web/lib/i18n/use-intl';

type Attachment = LetterContent['attachments'][number];
type Shown = Attachment & { url: string };

const isDrawable = (type: string) => /^image\/(jpeg|png|gif|webp|avif)$/.test(type);

/** A sealed letter's files, decrypted in this browser: shown from object URLs that are let go when the letter closes. */
export function LetterAttachments({ attachments }: { attachments: Attachment[] }) {
  const intl = useIntl();
  const [shown, setShown] = useState<Shown[]>([]);

  // Object URLs hold memory outside React until revoked: made and released with the component.
  useEffect(() => {
    const made = attachments.map((attachment) => ({
      ...attachment,
      url: URL.createObjectURL(new Blob([fromBase64(attachment.data)], { type: attachment.type || 'application/octet-stream' })),
    }));
    setShown(made);
    return () => {
      for (const item of made) URL.revokeObjectURL(item.url);
    };
  }, [attachments]);

  if (shown.length === 0) return null;
  return (
    <ul
      className="grid grid-cols-1 gap-3"
      aria-label={intl.formatMessage({ id: 'heir.letter.attached', defaultMessage: 'Attached to the letter' })}
    >
      {shown.map((item) => (
        <li key={item.url}>
          {isDrawable(item.type) ? (
            <img src={item.url} alt={item.name} className="w-full rounded-md border" />
          ) : item.type.startsWith('video/') ? (
            <figure className="grid grid-cols-1 gap-1 rounded-md border p-2">
              <figcaption className="truncate text-sm text-muted-foreground">{item.name}</figcaption>
              <video controls playsInline preload="metadata" src={item.url} aria-label={item.name} className="w-full bg-black" />
            </figure>
          ) : item.type.startsWith('audio/') ? (
            <figure className="grid grid-cols-1 gap-1 rounded-md border p-2">
              <figcaption className="truncate text-sm text-muted-foreground">{item.name}</figcaption>
              <audio controls src={item.url} aria-label={item.name} className="w-full" />
            </figure>
          ) : (
            <a
              href={item.url}
              download={item.name}
              className="flex items-center gap-2 rounded-md border bg-muted/50 p-3 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <Download aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{intl.formatMessage({ id: 'heir.letter.download', defaultMessage: 'Download' })}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
