import type { FormEventHandler, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { useIntl } from '@web/lib/i18n/use-intl';

type SecretFormCardProps = {
  icon: LucideIcon;
  title: ReactNode;
  /** A CardDescription. */
  description: ReactNode;
  /** A react-hook-form handleSubmit(…). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  children: ReactNode;
};

/** A page's one card that asks for a secret (a link's password, an heir's key code) and says "Opening..." while it is checked. */
export function SecretFormCard({ icon: Icon, title, description, onSubmit, isPending, children }: SecretFormCardProps) {
  const intl = useIntl();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        {description}
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <CardContent className="grid gap-4">{children}</CardContent>
        <CardFooter>
          <SubmitButton
            size="lg"
            className="w-full"
            isPending={isPending}
            pendingLabel={intl.formatMessage({ id: 'common.secret.opening', defaultMessage: 'Opening...' })}
          >
            {intl.formatMessage({ id: 'common.secret.open', defaultMessage: 'Open' })}
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
