// A tie between two people as a chain of pieces (a run of blood links, one partner link, one recorded step or
// foster link), and its name: the fewest words that say it, joined as a possessive ("your cousin's mother-in-law").
import type { FamilyIndex, PartnerLink } from './family-index';
import {
  bloodWord,
  partnersRelativeWord,
  partnerWord,
  recordedLinkWord,
  recordedSiblingWord,
  relativesPartnerWord,
  stepSiblingWord,
  type BloodTie,
} from './relation-words';

export type Step = 'parent' | 'child' | 'partner';

export interface PathStep {
  personId: string;
  step: Step;
}

interface PieceEnds {
  from: string;
  to: string;
  path: PathStep[];
}

export type Piece =
  | (PieceEnds & { kind: 'blood'; tie: BloodTie })
  | (PieceEnds & { kind: 'partner'; link: PartnerLink })
  | (PieceEnds & { kind: 'recorded'; type: 'step' | 'foster'; direction: 'parent' | 'child' });

function sharedParents(index: FamilyIndex, a: string, b: string): number {
  const theirs = index.kinParents(b);
  return index.kinParents(a).filter((parent) => theirs.includes(parent)).length;
}

/**
 * A blood piece from a path that goes up some generations and then down. The two people just below the top are
 * siblings; they are half-siblings when they share one parent, which makes the tie half (of siblings, aunts and
 * nieces only: a half-cousin is a cousin as families say it).
 */
export function bloodPiece(index: FamilyIndex, from: string, path: PathStep[], double = false): Piece {
  const up = path.filter((step) => step.step === 'parent').length;
  const down = path.length - up;
  const nodes = [from, ...path.map((step) => step.personId)];
  const below = nodes[up - 1];
  const across = nodes[up + 1];
  const half = Math.min(up, down) === 1 && below !== undefined && across !== undefined && sharedParents(index, below, across) < 2;
  return { kind: 'blood', from, to: nodes[nodes.length - 1] ?? from, path, tie: { up, down, half, double } };
}

/** The same people walked the other way: from the last back to the first. */
export function reversePath(from: string, path: readonly PathStep[]): { from: string; path: PathStep[] } {
  const nodes = [from, ...path.map((step) => step.personId)];
  const reversed: PathStep[] = [];
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i]!.step;
    reversed.push({ personId: nodes[i]!, step: step === 'parent' ? 'child' : step === 'child' ? 'parent' : 'partner' });
  }
  return { from: nodes[nodes.length - 1] ?? from, path: reversed };
}

function isBlood(piece: Piece | undefined, up: number, down: number): boolean {
  return piece?.kind === 'blood' && piece.tie.up === up && piece.tie.down === down;
}

/** One word for a window of one to three pieces, or null. */
function windowWord(index: FamilyIndex, window: Piece[], wholeChain: boolean): string | null {
  const [first, second, third] = window;
  if (!first) return null;
  const sex = index.sexOf(window[window.length - 1]!.to);
  if (window.length === 1) {
    if (first.kind === 'partner') return partnerWord(first.link, sex, wholeChain);
    if (first.kind === 'recorded') return recordedLinkWord(first.type, first.direction, sex);
    const { up, down } = first.tie;
    const birth =
      (up === 1 && down === 0 && index.isBirthParentOfAdopted(first.from, first.to)) ||
      (up === 0 && down === 1 && index.isBirthParentOfAdopted(first.to, first.from));
    return (birth ? 'birth ' : '') + bloodWord(first.tie, sex);
  }
  if (window.length === 2 && second) {
    if (first.kind === 'blood' && second.kind === 'partner') return relativesPartnerWord(first.tie, second.link, sex);
    if (first.kind === 'partner' && second.kind === 'blood') return partnersRelativeWord(first.link, second.tie, sex);
    if (first.kind === 'recorded' && first.direction === 'parent' && isBlood(second, 0, 1)) return recordedSiblingWord(first.type, sex);
    return null;
  }
  if (isBlood(first, 1, 0) && second?.kind === 'partner' && isBlood(third, 0, 1)) return stepSiblingWord(second.link, sex);
  return null;
}

/** "your …": the fewest words over the chain; among as few, the last word covers the most pieces. */
export function nameChain(index: FamilyIndex, pieces: Piece[]): string {
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= pieces.length; end++) {
    for (let size = Math.min(3, end); size >= 1; size--) {
      const before = best[end - size];
      const word = before && windowWord(index, pieces.slice(end - size, end), size === pieces.length);
      if (before && word && (!best[end] || before.length + 1 < best[end]!.length)) best[end] = [...before, word];
    }
  }
  return `your ${(best[pieces.length] ?? []).join("'s ")}`;
}
