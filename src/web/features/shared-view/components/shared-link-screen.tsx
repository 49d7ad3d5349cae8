import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shareTokenParamsSchema } from '@shared/schemas/sharing';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { Button } from '@web/components/ui/button';
import { useIntl } from '@web/lib/i18n/use-intl';
import { linkProblem, useSharedLink } from '../api';
import { LinkProblem } from './link-problem';
import { SharedCollectionView } from './shared-collection-view';
import { UnlockForm } from './unlock-form';

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">{children}</div>;
}

/** The page behind a link: works with no account and no session, so it asks the server for nothing else. */
export function SharedLinkScreen({ token }: { token: string }) {
  // A token of the wrong shape cannot be a link: no request for it.
  const intl = useIntl();
  const isWellFormed = shareTokenParamsSchema.shape.token.safeParse(token).success;
  const shared = useSharedLink(token, isWellFormed);

  if (!isWellFormed) {
    return (
      <Centered>
        <LinkProblem kind="not-found" />
      </Centered>
    );
  }
  if (shared.isPending) return <FullPageSpinner />;
  if (shared.isError) {
    const problem = linkProblem(shared.error);
    if (problem === 'password') {
      return (
        <Centered>
          <UnlockForm token={token} />
        </Centered>
      );
    }
    if (problem === 'expired' || problem === 'not-found') {
      return (
        <Centered>
          <LinkProblem kind={problem} />
        </Centered>
      );
    }
    return (
      <Centered>
        <div role="alert" className="grid max-w-md justify-items-center gap-4 text-center">
          <h1 className="text-2xl font-semibold">
            {intl.formatMessage({ id: 'sharedView.link.loadFailed', defaultMessage: 'This collection could not be loaded.' })}
          </h1>
          <p className="text-muted-foreground">
            {intl.formatMessage({ id: 'sharedView.link.checkConnection', defaultMessage: 'Please check your connection and try again.' })}
          </p>
          <Button onClick={() => void shared.refetch()}>
            {intl.formatMessage({ id: 'sharedView.link.tryAgain', defaultMessage: 'Try again' })}
          </Button>
        </div>
      </Centered>
    );
  }

  return (
    <div className="mx-auto grid grid-cols-1 w-full max-w-5xl gap-12 px-4 py-8 sm:px-6 sm:py-12">
      <SharedCollectionView collection={shared.data} />
      <footer className="grid grid-cols-1 gap-2 border-t pt-6 text-center text-sm text-muted-foreground">
        <p>
          {intl.formatMessage(
            { id: 'sharedView.link.sharedWith', defaultMessage: 'Shared with <link>heirloom</link>' },
            {
              link: (chunks) => (
                <Link to="/" className="font-serif text-base font-semibold text-primary underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            },
          )}
        </p>
        {/* A personal link's address, once verified by an account, lists the share under Shared with me (decision 025). */}
        <p className="mx-auto max-w-prose">
          {intl.formatMessage(
            {
              id: 'sharedView.link.createAccount',
              defaultMessage:
                'If heirloom e-mailed you this link, <link>create an account</link> with that address and confirm it: what is shared with you is then kept under “Shared with me”.',
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
