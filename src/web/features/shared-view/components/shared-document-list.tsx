import { Download, ExternalLink, FileText } from 'lucide-react';
import { useId } from 'react';
import type { SharedDocument } from '@shared/schemas/sharing';
import { Button } from '@web/components/ui/button';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';

function DocumentItem({ document }: { document: SharedDocument }) {
  const intl = useIntl();
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <p id={nameId} className="font-medium break-words">
            {document.name}
          </p>
          <p className="text-sm text-muted-foreground">{formatBytes(document.fileSize)}</p>
          {document.description && <p className="mt-1 text-sm break-words whitespace-pre-line">{document.description}</p>}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={document.url} target="_blank" rel="noopener noreferrer" aria-describedby={nameId}>
            <ExternalLink aria-hidden="true" />
            {intl.formatMessage({ id: 'sharedView.document.open', defaultMessage: 'Open' })}
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={document.url} download={document.name} aria-describedby={nameId}>
            <Download aria-hidden="true" />
            {intl.formatMessage({ id: 'sharedView.document.download', defaultMessage: 'Download' })}
          </a>
        </Button>
      </div>
    </li>
  );
}

export function SharedDocumentList({ documents }: { documents: SharedDocument[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3">
      {documents.map((document) => (
        <DocumentItem key={document.id} document={document} />
      ))}
    </ul>
  );
}
