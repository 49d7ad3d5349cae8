import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';

/** Settings → Account → Your data (issue 14): export everything, and import an export or a Google Photos Takeout. */
export function YourDataCard() {
  return (
    <Card id="your-data">
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>Take a complete copy of everything you keep in heirloom, or bring your memories and photos in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <ExportSection />
        <ImportSection />
      </CardContent>
    </Card>
  );
}
