import { Hourglass, Link2Off } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { SHARING_MESSAGES } from '@shared/schemas/sharing';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Why a link shows nothing: expired (410), or unknown or revoked (404, the same answer on purpose). */
export function LinkProblem({ kind }: { kind: 'expired' | 'not-found' }) {
  const intl = useIntl();
  const Icon = kind === 'expired' ? Hourglass : Link2Off;
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="items-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {kind === 'expired'
            ? SHARING_MESSAGES.linkExpired
            : intl.formatMessage({ id: 'sharedView.problem.notFound', defaultMessage: 'This link does not work any more.' })}
        </CardTitle>
        <CardDescription className="text-base">
          {kind === 'expired'
            ? intl.formatMessage({
                id: 'sharedView.problem.expiredText',
                defaultMessage: 'Ask the person who shared it with you for a new link.',
              })
            : intl.formatMessage({
                id: 'sharedView.problem.notFoundText',
                defaultMessage:
                  'It may have been turned off, or only part of it was copied. Ask the person who shared it with you for a new link.',
              })}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}
