// The only place a tree_relations row becomes a TreeRelation.
import type { TreeRelation } from '@shared/schemas/tree';
import type { RelationRow } from './tree.repo';

export function toTreeRelation(row: RelationRow): TreeRelation {
  return {
    id: row.id,
    kind: row.kind,
    from: row.fromId,
    to: row.toId,
    type: row.type,
    start: row.startDate,
    end: row.endDate,
    endReason: row.endReason,
  };
}
