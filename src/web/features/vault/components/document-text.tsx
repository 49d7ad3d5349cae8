import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import type { VaultFileDetails } from '@shared/schemas/vault';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useVaultFile } from '../api';

type DocumentTextProps = {
  fileId: number;
  /** The id of the document's name, which the button is described by. */
  nameId: string;
};

/** The words heirloom read from a document (decision 058), behind a button: loaded only when asked for. */
export function DocumentText({ fileId, nameId }: DocumentTextProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="mt-1">
      <Button
        variant="ghost"
        size="sm"
        className="-ms-3 text-muted-foreground"
        aria-expanded={open}
        aria-controls={regionId}
        aria-describedby={nameId}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        {open
          ? intl.formatMessage({ id: 'vault.text.hide', defaultMessage: 'Hide text' })
          : intl.formatMessage({ id: 'vault.text.show', defaultMessage: 'Show text' })}
      </Button>
      <div id={regionId} hidden={!open}>
        {open && <TextOf fileId={fileId} />}
      </div>
    </div>
  );
}

function TextOf({ fileId }: { fileId: number }) {
  const intl = useIntl();
  const details = useVaultFile(fileId);
  if (details.isPending) return <Spinner label={intl.formatMessage({ id: 'vault.text.loading', defaultMessage: 'Loading the text' })} />;
  if (details.isError)
    return (
      <Note>{intl.formatMessage({ id: 'vault.text.loadFailed', defaultMessage: 'The text could not be loaded. Please try again.' })}</Note>
    );
  return <Words file={details.data} />;
}

function Words({ file }: { file: VaultFileDetails }) {
  const intl = useIntl();
  switch (file.textStatus) {
    case 'pending':
      return <Note>{intl.formatMessage({ id: 'vault.text.reading', defaultMessage: 'Reading the text…' })}</Note>;
    case 'failed':
      return (
        <Note>
          {file.textError ??
            intl.formatMessage({ id: 'vault.text.failed', defaultMessage: 'heirloom could not read the words in this document.' })}
        </Note>
      );
    case 'off':
      return (
        <Note>
          {intl.formatMessage({ id: 'vault.text.off', defaultMessage: 'This heirloom server is set not to read the words in documents.' })}
        </Note>
      );
    case 'unsupported':
      return (
        <Note>
          {intl.formatMessage({ id: 'vault.text.unsupported', defaultMessage: 'heirloom does not read the words in this kind of file.' })}
        </Note>
      );
    case 'done':
      if (file.text === '')
        return <Note>{intl.formatMessage({ id: 'vault.text.empty', defaultMessage: 'No words were found in this document.' })}</Note>;
      return (
        <div
          role="region"
          tabIndex={0}
          aria-label={intl.formatMessage({ id: 'vault.text.regionLabel', defaultMessage: 'Text of {name}' }, { name: file.originalName })}
          className="mt-1 max-h-80 overflow-y-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words"
        >
          {file.text}
        </div>
      );
  }
}

const Note = ({ children }: { children: string }) => <p className="mt-1 text-sm text-muted-foreground">{children}</p>;
