import type { ReactNode } from 'react';
import type { Memory } from '@shared/schemas/memories';
import { OpenedItem } from '@web/components/opened-item';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useMemory } from '../api';
import { MemoryCard } from './memory-card';

type OpenedMemoryProps = {
  id: number;
  onClose: () => void;
  isShared?: boolean;
  actions?: (memory: Memory) => ReactNode;
  onEdit: (memory: Memory) => void;
  onDeleted: (id: number) => void;
};

/** /memories?memory=ID (a search result): that memory above the list, loaded by id. */
export function OpenedMemory({ id, onClose, isShared, actions, onEdit, onDeleted }: OpenedMemoryProps) {
  const intl = useIntl();
  const memory = useMemory(id);
  return (
    <OpenedItem
      label={intl.formatMessage({ id: 'memories.opened.label', defaultMessage: 'Opened memory' })}
      isPending={memory.isPending}
      isError={memory.isError}
      notFoundText={intl.formatMessage({
        id: 'memories.opened.notFound',
        defaultMessage: 'This memory could not be found. It may have been deleted.',
      })}
      onClose={onClose}
    >
      {memory.data && (
        <MemoryCard memory={memory.data} isShared={isShared} actions={actions?.(memory.data)} onEdit={onEdit} onDeleted={onDeleted} />
      )}
    </OpenedItem>
  );
}
