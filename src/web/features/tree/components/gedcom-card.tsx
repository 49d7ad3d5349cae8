import { Download } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { gedcomExportHref } from '../gedcom-api';
import { GedcomImport } from './gedcom-import';
import { GedcomSuggestions } from './gedcom-suggestions';
import { useIntl } from '@web/lib/i18n/use-intl';

const downloadClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border bg-background px-4 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The tree page's GEDCOM card: import a file, decide its possible matches, download the tree as a file. */
export function GedcomCard() {
  const intl = useIntl();
  return (
    <Card role="region" aria-labelledby="gedcom-heading">
      <CardHeader>
        <CardTitle id="gedcom-heading">GEDCOM</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'tree.gedcom.description',
            defaultMessage: 'The file format genealogy programs use to exchange family trees.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <GedcomImport />
        <GedcomSuggestions />
        <section aria-labelledby="gedcom-export-heading" className="grid gap-3">
          <h3 id="gedcom-export-heading" className="font-semibold">
            {intl.formatMessage({ id: 'tree.gedcom.download', defaultMessage: 'Download the tree as GEDCOM' })}
          </h3>
          <div className="flex flex-col gap-2 sm:flex-row">
            <a href={gedcomExportHref('7.0')} download className={downloadClass}>
              <Download aria-hidden="true" className="size-4" />
              GEDCOM 7.0
            </a>
            <a href={gedcomExportHref('5.5.1')} download className={downloadClass}>
              <Download aria-hidden="true" className="size-4" />
              {intl.formatMessage({ id: 'tree.gedcom.older', defaultMessage: 'GEDCOM 5.5.1 (older programs)' })}
            </a>
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
