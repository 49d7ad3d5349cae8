// The words of the family tree's relation labels (decision 060). Each function names one person as seen from
// another; null means there is no single word and the label says it as a chain ("your wife's cousin").
import type { PartnerLink, Sex } from './family-index';

function bySex(sex: Sex, female: string, male: string, neutral: string): string {
  return sex === 'female' ? female : sex === 'male' ? male : neutral;
}

function gendered(sex: Sex): boolean {
  return sex === 'female' || sex === 'male';
}

const ordinals = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const times = ['once', 'twice', 'three times', 'four times', 'five times', 'six times', 'seven times', 'eight times', 'nine times'];

function ordinal(n: number): string {
  const word = ordinals[n - 1];
  if (word) return word;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function greats(n: number): string {
  return 'great-'.repeat(Math.max(0, n));
}

/** A parent (up 1), grandparent (up 2), great-grandparent (up 3) and so on. */
export function ancestorWord(up: number, sex: Sex): string {
  if (up === 1) return bySex(sex, 'mother', 'father', 'parent');
  return greats(up - 2) + bySex(sex, 'grandmother', 'grandfather', 'grandparent');
}

/** A child (down 1), grandchild (down 2), great-grandchild (down 3) and so on. */
export function descendantWord(down: number, sex: Sex): string {
  if (down === 1) return bySex(sex, 'daughter', 'son', 'child');
  return greats(down - 2) + bySex(sex, 'granddaughter', 'grandson', 'grandchild');
}

export interface BloodTie {
  /** Generations from the viewer up to the closest common ancestor. */
  up: number;
  /** Generations from that ancestor down to the person named. */
  down: number;
  /** Shares one parent, not two, with the sibling on the other line (only said of siblings, aunts and nieces). */
  half: boolean;
  /** Cousins through both parents on each side. */
  double: boolean;
}

/** The word for a blood (or adoptive) relative, by the generations up to the common ancestor and down again. */
export function bloodWord(tie: BloodTie, sex: Sex): string {
  const { up, down } = tie;
  const half = tie.half ? 'half-' : '';
  if (down === 0) return ancestorWord(up, sex);
  if (up === 0) return descendantWord(down, sex);
  if (up === 1 && down === 1) return half + bySex(sex, 'sister', 'brother', 'sibling');
  if (down === 1) {
    const greatAunt = half + greats(up - 2);
    return bySex(sex, `${greatAunt}aunt`, `${greatAunt}uncle`, `${ancestorWord(up - 1, sex)}'s ${half}sibling`);
  }
  if (up === 1) {
    const greatNiece = half + greats(down - 2);
    return bySex(sex, `${greatNiece}niece`, `${greatNiece}nephew`, `${half}sibling's ${descendantWord(down - 1, sex)}`);
  }
  const removed = Math.abs(up - down);
  const cousin = `${tie.double ? 'double ' : ''}${ordinal(Math.min(up, down) - 1)} cousin`;
  return removed === 0 ? cousin : `${cousin} ${times[removed - 1] ?? `${removed} times`} removed`;
}

/** A partnership that ended other than by death: the in-laws and step-family through it are "former". */
function endedApart(link: PartnerLink): boolean {
  return link.status === 'ended' && link.endedBy !== 'death';
}

function former(link: PartnerLink): string {
  return endedApart(link) ? 'former ' : '';
}

/**
 * A partner. "Late" only for one's own partner who died (the one who looks is the one who lives on); in a chain
 * the word stays plain, since the chain does not say which of the two died.
 */
export function partnerWord(link: PartnerLink, sex: Sex, ownPartner: boolean): string {
  const word = link.kind === 'married' ? bySex(sex, 'wife', 'husband', 'spouse') : 'partner';
  if (link.status === 'current') return word;
  if (link.endedBy === 'death') return ownPartner ? `late ${word}` : word;
  return `former ${word}`;
}

// Step-family is the household a partnership makes: it lasts while the partnership does or until a death, and a
// parent's former partner is said as such ("your father's former wife"). An in-law stays one, "former", after
// a separation: the word was true once.

/** A blood relative's partner: a stepparent, a child-, sibling-in-law, an aunt or uncle by marriage. */
export function relativesPartnerWord(tie: BloodTie, link: PartnerLink, sex: Sex): string | null {
  const { up, down } = tie;
  const apart = endedApart(link);
  if (down === 0 && up === 1) return apart ? null : bySex(sex, 'stepmother', 'stepfather', 'stepparent');
  if (down === 0 && up >= 2) return apart ? null : `step-${ancestorWord(up, sex)}`;
  if (link.kind !== 'married') return null;
  if (up === 0 && down === 1) return former(link) + bySex(sex, 'daughter-in-law', 'son-in-law', 'child-in-law');
  if (up === 1 && down === 1) return former(link) + bySex(sex, 'sister-in-law', 'brother-in-law', 'sibling-in-law');
  if (down === 1 && up >= 2 && !apart && gendered(sex)) return bloodWord({ up, down, half: false, double: false }, sex);
  return null;
}

/** A partner's blood relative: a stepchild, a parent-, sibling-in-law, a niece or nephew by marriage. */
export function partnersRelativeWord(link: PartnerLink, tie: BloodTie, sex: Sex): string | null {
  const { up, down } = tie;
  const apart = endedApart(link);
  if (up === 0 && down === 1) return apart ? null : bySex(sex, 'stepdaughter', 'stepson', 'stepchild');
  if (up === 0 && down >= 2) return apart ? null : `step-${descendantWord(down, sex)}`;
  if (link.kind !== 'married') return null;
  if (up === 1 && down === 0) return former(link) + bySex(sex, 'mother-in-law', 'father-in-law', 'parent-in-law');
  if (up === 1 && down === 1) return former(link) + bySex(sex, 'sister-in-law', 'brother-in-law', 'sibling-in-law');
  if (up === 1 && down >= 2 && !apart && gendered(sex)) return bloodWord({ up, down, half: false, double: false }, sex);
  return null;
}

/** A parent's partner's child. */
export function stepSiblingWord(link: PartnerLink, sex: Sex): string | null {
  return endedApart(link) ? null : bySex(sex, 'stepsister', 'stepbrother', 'stepsibling');
}

/** A step or foster parent or child recorded as such. */
export function recordedLinkWord(type: 'step' | 'foster', direction: 'parent' | 'child', sex: Sex): string {
  const word = direction === 'parent' ? bySex(sex, 'mother', 'father', 'parent') : bySex(sex, 'daughter', 'son', 'child');
  return type === 'step' ? `step${word}` : `foster ${word}`;
}

/** The child of a recorded step or foster parent. */
export function recordedSiblingWord(type: 'step' | 'foster', sex: Sex): string {
  const word = bySex(sex, 'sister', 'brother', 'sibling');
  return type === 'step' ? `step${word}` : `foster ${word}`;
}
