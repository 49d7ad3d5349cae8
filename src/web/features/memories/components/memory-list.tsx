import type { ReactNode } from 'react';
import type { Memory } from '@shared/schemas/memories';
import { WindowVirtualList } from '@web/components/window-virtual-list';
import { MemoryCard } from './memory-card';

type MemoryListProps = {
  memories: Memory[];
  sharedIds?: ReadonlySet<number>;
  cardActions?: (memory: Memory) => ReactNode;
  onEdit: (memory: Memory) => void;
  onDeleted: (id: number) => void;
  onNearEnd: () => void;
};

/** The memory cards, only those near the viewport in the DOM (a card is as tall as its story and attachments). */
export function MemoryList({ memories, sharedIds, cardActions, onEdit, onDeleted, onNearEnd }: MemoryListProps) {
  return (
    <WindowVirtualList
      items={memories}
      getKey={(memory) => memory.id}
      estimateSize={260}
      onNearEnd={onNearEnd}
      renderRow={(memory, rowProps) => (
        <div {...rowProps} className="pb-4">
          <MemoryCard
            memory={memory}
            isShared={sharedIds?.has(memory.id)}
            actions={cardActions?.(memory)}
            onEdit={onEdit}
            onDeleted={onDeleted}
          />
        </div>
      )}
    />
  );
}
