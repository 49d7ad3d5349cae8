// spec §3: the family relation options, grouped exactly as the Relationship select shows them.
export const familyRelationGroups = [
  {
    label: 'Immediate Family',
    options: ['Mother', 'Father', 'Sister', 'Brother', 'Daughter', 'Son', 'Wife', 'Husband', 'Partner'],
  },
  {
    label: 'Extended Family',
    options: ['Grandmother', 'Grandfather', 'Granddaughter', 'Grandson', 'Aunt', 'Uncle', 'Cousin', 'Niece', 'Nephew'],
  },
  {
    label: 'In-Law Relationships',
    options: ['Mother-in-law', 'Father-in-law', 'Sister-in-law', 'Brother-in-law', 'Daughter-in-law', 'Son-in-law'],
  },
] as const;

export type FamilyRelationOption = (typeof familyRelationGroups)[number]['options'][number];
