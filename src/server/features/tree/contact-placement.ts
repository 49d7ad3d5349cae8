// Where a family contact goes in the tree (issue 30, item 4): the relation chosen in the contact's form says a
// direct link to the owner for the immediate family; any other relation places the person with no link, and
// the owner links them in the tree.
import type { TreeSex } from '@shared/schemas/tree';

export type OwnerLink =
  | { kind: 'parent-of-owner' }
  | { kind: 'child-of-owner' }
  | { kind: 'partner'; type: 'married' | 'partners' }
  /** Shares the owner's parents: only when the owner has a parent in the tree to share. */
  | { kind: 'sibling' };

export interface Placement {
  sex: TreeSex;
  link: OwnerLink | null;
}

const female = new Set(['Mother', 'Sister', 'Daughter', 'Wife', 'Grandmother', 'Granddaughter', 'Aunt', 'Niece']);
const male = new Set(['Father', 'Brother', 'Son', 'Husband', 'Grandfather', 'Grandson', 'Uncle', 'Nephew']);

export function placementOf(familyRelation: string | null): Placement {
  const relation = familyRelation ?? '';
  const base = relation.replace(/-in-law$/, '');
  const sex: TreeSex = female.has(base) ? 'female' : male.has(base) ? 'male' : 'unknown';
  switch (relation) {
    case 'Mother':
    case 'Father':
      return { sex, link: { kind: 'parent-of-owner' } };
    case 'Daughter':
    case 'Son':
      return { sex, link: { kind: 'child-of-owner' } };
    case 'Wife':
    case 'Husband':
      return { sex, link: { kind: 'partner', type: 'married' } };
    case 'Partner':
      return { sex, link: { kind: 'partner', type: 'partners' } };
    case 'Sister':
    case 'Brother':
      return { sex, link: { kind: 'sibling' } };
    default:
      return { sex, link: null };
  }
}
