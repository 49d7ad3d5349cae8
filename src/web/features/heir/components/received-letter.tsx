import { Lock } from 'lucide-react';
import type { Received } from '@shared/schemas/legacy';
import { Spinner } from '@web/components/ui/spinner';
import { formatLongDate } from '@web/lib/format';
import { useOpenedLetter } from '../sealed-letter';
import { LetterAttachments } from './letter-attachments';
import { useIntl } from '@web/lib/i18n/use-intl';

type ReceivedLetterData = Received['letters'][number];

function LetterBody({ text }: { text: string }) {
  return <div className="font-serif text-lg leading-relaxed break-words whitespace-pre-line">{text}</div>;
}

function SealedBody({ letter, keyCode }: { letter: ReceivedLetterData; keyCode: string | null }) {
  const intl = useIntl();
  const opened = useOpenedLetter(letter.id, letter.sealed, keyCode);
  if (keyCode === null) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {intl.formatMessage({ id: 'heir.letter.sealedEnterCode', defaultMessage: 'Sealed letter — enter your key code above to open it.' })}
      </p>
    );
  }
  if (opened.isError) {
    return (
      <p role="alert" className="font-medium text-destructive">
        {intl.formatMessage({
          id: 'heir.letter.wrongCode',
          defaultMessage: 'This key code does not open this letter. It opens only with the code it was sealed for.',
        })}
      </p>
    );
  }
  if (!opened.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {intl.formatMessage({ id: 'heir.letter.opening', defaultMessage: 'Sealed letter — opening…' })}
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <LetterBody text={opened.data.body} />
      <LetterAttachments attachments={opened.data.attachments} />
    </div>
  );
}

/** One letter, for reading: serif, a comfortable line length; a sealed one is opened here in the browser. */
export function ReceivedLetter({ letter, keyCode }: { letter: ReceivedLetterData; keyCode: string | null }) {
  const intl = useIntl();
  const titleId = `letter-${letter.id}`;
  return (
    <article aria-labelledby={titleId} className="grid max-w-prose grid-cols-1 gap-5 rounded-xl border bg-card px-5 py-6 shadow-sm sm:px-8">
      <header className="grid gap-1">
        <h3 id={titleId} className="font-serif text-2xl font-semibold break-words">
          {letter.title}
        </h3>
        <p className="text-sm text-muted-foreground">
          {letter.sealed ? (
            intl.formatMessage(
              { id: 'heir.letter.sealedOn', defaultMessage: 'Sealed letter · <time>{date}</time>' },
              { date: formatLongDate(letter.releasedAt), time: (chunks) => <time dateTime={letter.releasedAt}>{chunks}</time> },
            )
          ) : (
            <time dateTime={letter.releasedAt}>{formatLongDate(letter.releasedAt)}</time>
          )}
        </p>
      </header>
      {letter.sealed ? (
        <SealedBody letter={letter} keyCode={keyCode} />
      ) : (
        <>
          {letter.body && <LetterBody text={letter.body} />}
          {letter.photos.length > 0 && (
            <ul
              className="grid grid-cols-1 gap-3"
              aria-label={intl.formatMessage({ id: 'heir.letter.photos', defaultMessage: 'Photos with the letter' })}
            >
              {letter.photos.map((photo) => (
                <li key={photo.url}>
                  <img
                    src={photo.url}
                    alt={photo.title ?? intl.formatMessage({ id: 'heir.letter.photoAlt', defaultMessage: 'A photo with the letter' })}
                    loading="lazy"
                    className="w-full rounded-md border"
                  />
                </li>
              ))}
            </ul>
          )}
          <LetterAttachments attachments={letter.attachments} />
        </>
      )}
    </article>
  );
}
