import type { ReactNode } from 'react';
import type { VaultFile } from '@shared/schemas/vault';
import { OpenedItem } from '@web/components/opened-item';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useVaultFile } from '../api';
import { VaultFileItem } from './vault-file-item';

type OpenedDocumentProps = {
  id: number;
  onClose: () => void;
  isShared?: boolean;
  actions?: (file: VaultFile) => ReactNode;
};

/** /vault?document=ID (a search result): that document above the list, loaded by id. */
export function OpenedDocument({ id, onClose, isShared, actions }: OpenedDocumentProps) {
  const intl = useIntl();
  const file = useVaultFile(id);
  return (
    <div className="mb-6">
      <OpenedItem
        label={intl.formatMessage({ id: 'vault.opened.label', defaultMessage: 'Opened document' })}
        isPending={file.isPending}
        isError={file.isError}
        notFoundText={intl.formatMessage({
          id: 'vault.opened.notFound',
          defaultMessage: 'This document could not be found. It may have been deleted.',
        })}
        onClose={onClose}
      >
        {file.data && (
          <ul>
            <VaultFileItem file={file.data} isShared={isShared} actions={actions?.(file.data)} className="pb-0" />
          </ul>
        )}
      </OpenedItem>
    </div>
  );
}
