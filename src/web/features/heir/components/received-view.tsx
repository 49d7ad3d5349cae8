import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { Received } from '@shared/schemas/legacy';
import { Button } from '@web/components/ui/button';
import { useReceivedFamily } from '../api';
import { Spinner } from '@web/components/ui/spinner';
import { ReceivedLetter } from './received-letter';
import { ReleaseTimeline, type RenderCollection } from './release-timeline';
import { SealedCodeForm } from './sealed-code-form';
import { useIntl } from '@web/lib/i18n/use-intl';

type ReceivedViewProps = {
  received: Received;
  /** Held in memory only: needed to open sealed letters, never stored in the browser. */
  keyCode: string | null;
  onKeyCode: (keyCode: string) => void;
  onClose: () => void;
  isClosing: boolean;
  renderCollection: RenderCollection;
};

// The form the heir typed into is gone: reading starts at the heading, for a screen reader as for the eye.
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** What an heir sees once something is released: the letters first, then the releases as a small timeline. */
export function ReceivedView({ received, keyCode, onKeyCode, onClose, isClosing, renderCollection }: ReceivedViewProps) {
  const intl = useIntl();
  const { letters, ownerName, heirName } = received;
  // Letters are read above; their releases would only repeat them.
  const releases = received.releases.filter((release) => release.kind !== 'letter');
  const needsCode = keyCode === null && letters.some((letter) => letter.sealed !== null);
  // the family tree's word for the owner, seen from the heir's own place in it; nothing when the heir is not in it
  const family = useReceivedFamily().data;
  const ownerRelation = family?.ownerRelation;

  return (
    <div className="grid grid-cols-1 gap-10">
      <header className="grid grid-cols-1 gap-2">
        <h1 ref={focusOnMount} tabIndex={-1} className="font-serif text-3xl font-semibold break-words outline-none sm:text-4xl">
          {intl.formatMessage(
            { id: 'heir.received.title', defaultMessage: 'From {owner}, for {heir}' },
            { owner: ownerName, heir: heirName },
          )}
        </h1>
        {ownerRelation && (
          <p className="text-lg">
            {intl.formatMessage(
              { id: 'heir.received.relation', defaultMessage: '{owner} is {relation}.' },
              { owner: ownerName, relation: ownerRelation },
            )}
          </p>
        )}
        {family && family.relatives.length > 0 && (
          <div className="grid gap-1">
            <h2 className="text-sm font-medium text-muted-foreground">
              {intl.formatMessage({ id: 'heir.received.whoIsWho', defaultMessage: 'Who is who in the photos' })}
            </h2>
            <ul
              aria-label={intl.formatMessage({ id: 'heir.received.whoIsWho', defaultMessage: 'Who is who in the photos' })}
              className="grid gap-0.5"
            >
              {family.relatives.map((r) => (
                <li key={r.name}>
                  {intl.formatMessage(
                    { id: 'heir.received.relative', defaultMessage: '{name}: {relation}' },
                    { name: r.name, relation: r.relation },
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="max-w-prose text-muted-foreground">
          {intl.formatMessage(
            {
              id: 'heir.received.intro',
              defaultMessage: 'What {owner} chose to leave for you: the letters first, then the rest in the order it was released.',
            },
            { owner: ownerName },
          )}
        </p>
      </header>

      {letters.length > 0 && (
        <section aria-labelledby="received-letters" className="grid grid-cols-1 gap-6">
          <h2 id="received-letters" className="text-xl font-semibold sm:text-2xl">
            {intl.formatMessage(
              { id: 'heir.received.letters', defaultMessage: '{count, plural, one {A letter for you} other {Letters for you}}' },
              { count: letters.length },
            )}
          </h2>
          {needsCode && <SealedCodeForm onKeyCode={onKeyCode} />}
          {letters.map((letter) => (
            <ReceivedLetter key={letter.id} letter={letter} keyCode={keyCode} />
          ))}
        </section>
      )}

      {releases.length > 0 && (
        <section aria-labelledby="received-releases" className="grid grid-cols-1 gap-6">
          <h2 id="received-releases" className="text-xl font-semibold sm:text-2xl">
            {intl.formatMessage({ id: 'heir.received.releases', defaultMessage: 'What was released to you' })}
          </h2>
          <ReleaseTimeline releases={releases} renderCollection={renderCollection} />
        </section>
      )}

      <footer className="grid grid-cols-1 gap-4 border-t pt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg" className="w-full sm:w-fit">
            <a href={received.downloadAllUrl} download>
              <Download aria-hidden="true" />
              {intl.formatMessage({ id: 'heir.received.downloadAll', defaultMessage: 'Download everything' })}
            </a>
          </Button>
          <Button variant="outline" size="lg" className="w-full sm:w-fit" onClick={onClose} disabled={isClosing}>
            {isClosing && <Spinner />}
            {intl.formatMessage({ id: 'heir.received.close', defaultMessage: 'Close' })}
          </Button>
        </div>
        <p className="max-w-prose text-sm text-muted-foreground">
          {intl.formatMessage({
            id: 'heir.received.closeHint',
            defaultMessage: 'Download everything to keep a copy. Close when you are done, so this browser no longer shows it.',
          })}
        </p>
        {/* Released collections follow an account whose verified address the heir was named by (decision 027). */}
        <p className="max-w-prose text-sm text-muted-foreground">
          {intl.formatMessage(
            {
              id: 'heir.received.account',
              defaultMessage:
                'You can also <link>create an heirloom account</link> with the e-mail address this was sent to and confirm it: the collections released to you are then kept under “Shared with me”.',
            },
            {
              link: (chunks) => (
                <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            },
          )}
        </p>
      </footer>
    </div>
  );
}
