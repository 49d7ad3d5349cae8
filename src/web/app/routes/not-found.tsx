import { CircleAlert } from 'lucide-react';
import { Card, CardContent } from '@web/components/ui/card';
import { useIntl } from '@web/lib/i18n/use-intl';

export function NotFoundRoute() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <title>{intl.formatMessage({ id: 'app.notFound.pageTitle', defaultMessage: 'Page not found · heirloom' })}</title>
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="flex items-center gap-3">
            <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
            <h1 className="text-2xl font-semibold">
              {intl.formatMessage({ id: 'app.notFound.title', defaultMessage: '404 Page Not Found' })}
            </h1>
          </div>
          <p className="mt-4 text-sm text-muted-foreground">
            {intl.formatMessage({ id: 'app.notFound.text', defaultMessage: 'Did you forget to add the page to the router?' })}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
