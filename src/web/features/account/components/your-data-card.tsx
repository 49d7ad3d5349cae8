import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';
import { useIntl } from '@web/lib/i18n/use-intl';

/** Settings → Account → Your data (issue 14): export everything, and import an export or a Google Photos Takeout. */
export function YourDataCard() {
  const intl = useIntl();
  return (
    <Card id="your-data">
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.yourData.title', defaultMessage: 'Your data' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.yourData.description',
            defaultMessage: 'Take a complete copy of everything you keep in heirloom, or bring your memories and photos in.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ExportSection />
        <ImportSection />
      </CardContent>
    </Card>
  );
}
