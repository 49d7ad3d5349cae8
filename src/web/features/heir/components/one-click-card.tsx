import { CheckCircle2, CircleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useIntl } from '@web/lib/i18n/use-intl';

type Tone = 'ask' | 'success' | 'error';

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** The card of a one-click page from a Legacy Plan mail: a question with its button, then the outcome in its place. */
export function OneClickCard({
  title,
  tone,
  icon: Icon,
  children,
  actions,
}: {
  title: string;
  tone: Tone;
  icon?: LucideIcon;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const ShownIcon = Icon ?? (tone === 'error' ? CircleAlert : CheckCircle2);
  const iconClass = tone === 'error' ? 'size-6 text-destructive' : tone === 'success' ? 'size-6 text-green-700' : 'size-6 text-primary';
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        {/* an outcome replaces the button that was pressed: focus goes to what happened instead of being lost */}
        <CardTitle
          key={tone}
          ref={tone === 'ask' ? undefined : focusOnMount}
          tabIndex={tone === 'ask' ? undefined : -1}
          as="h1"
          className="flex items-start gap-2 text-2xl outline-none"
        >
          <ShownIcon aria-hidden="true" className={`mt-1 shrink-0 ${iconClass}`} />
          {title}
        </CardTitle>
        <CardDescription role={tone === 'success' ? 'status' : tone === 'error' ? 'alert' : undefined} className="grid gap-2 text-base">
          {children}
        </CardDescription>
      </CardHeader>
      {actions && <CardContent className="flex flex-col gap-3">{actions}</CardContent>}
    </Card>
  );
}

/** A token in a mail's link is 43 base64url characters; anything else cannot be a link of ours. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Whether an answer means the link itself is no good (unknown, used, expired, of the wrong shape). */
export const isDeadLink = (error: unknown) => error instanceof ApiError && [400, 401, 404, 410].includes(error.status);

/** 409: the plan was released already, so neither a check-in nor a cancel can change anything. */
export const isReleased = (error: unknown) => error instanceof ApiError && error.status === 409;

/** The one button of a one-click page, and why its last press did not work. */
export function OneClickAction({
  label,
  pending,
  error,
  destructive = false,
  onClick,
}: {
  label: ReactNode;
  pending: boolean;
  error: unknown;
  destructive?: boolean;
  onClick: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      {error != null && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tooManyTries(error) ??
            errorMessage(error, intl.formatMessage({ id: 'heir.oneClick.failed', defaultMessage: 'That did not work. Please try again.' }))}
        </p>
      )}
      <Button size="lg" variant={destructive ? 'destructive' : 'default'} className="w-full" disabled={pending} onClick={onClick}>
        {pending && <Spinner />}
        {label}
      </Button>
    </>
  );
}
