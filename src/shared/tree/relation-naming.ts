// How a person in the family tree is related to the one who looks at it, in the words a family uses
// ("your great-grandmother", "your aunt and your cousin's mother-in-law"). Decision 060 records the words and
// the search. Pure: the caller passes the graph the database holds (indexFamily) and two person ids.
import type { FamilyIndex, PartnerLink } from './family-index';
import { bloodPiece, nameChain, reversePath, type PathStep, type Piece, type Step } from './relation-chain';

export {
  indexFamily,
  type FamilyGraph,
  type FamilyIndex,
  type ParentLink,
  type PartnerLink,
  type Sex,
  type TreePerson,
} from './family-index';
export type { PathStep, Step } from './relation-chain';

export interface Relation {
  /** The first one or two ties, e.g. "your aunt and your cousin's mother-in-law". */
  label: string;
  /** Every tie found, shortest first (at most maxTies). */
  labels: string[];
  /** The people from the viewer (left out) to the target along the first tie. */
  path: PathStep[];
}

/** Generations searched up each line: far beyond any family's records, small enough to bound bad data. */
const maxGenerations = 40;
/** Ties listed: more would be a genealogy, not a label. */
const maxTies = 6;
/** The longest chain of any links named when no blood, step or in-law tie exists. */
const maxChainSteps = 12;

interface Ancestor {
  up: number;
  /** Which of the start's parents the shortest lines to this ancestor go through, one bit each. */
  lines: number;
  /** The child through which the ancestor was first reached (null for the start). */
  via: string | null;
}

interface Tie {
  pieces: Piece[];
  steps: number;
}

/** Breadth-first up the birth and adoptive links: each ancestor once, at its nearest generation. */
function ancestorsOf(index: FamilyIndex, start: string): Map<string, Ancestor> {
  const found = new Map<string, Ancestor>([[start, { up: 0, lines: 0, via: null }]]);
  let generation = [start];
  for (let up = 1; up <= maxGenerations && generation.length > 0; up++) {
    const next: string[] = [];
    for (const child of generation) {
      const childLines = found.get(child)!.lines;
      index.kinParents(child).forEach((parent, i) => {
        const lines = up === 1 ? 2 ** Math.min(i, 30) : childLines;
        const seen = found.get(parent);
        if (!seen) {
          found.set(parent, { up, lines, via: child });
          next.push(parent);
        } else if (seen.up === up) {
          seen.lines |= lines;
        }
      });
    }
    generation = next;
  }
  return found;
}

/** The path from the start up to an ancestor. */
function pathUp(ancestors: Map<string, Ancestor>, top: string): PathStep[] {
  const path: PathStep[] = [];
  for (let id: string | null = top; id !== null; id = ancestors.get(id)?.via ?? null) {
    if (ancestors.get(id)?.via !== null) path.push({ personId: id, step: 'parent' });
  }
  return path.reverse();
}

function bitCount(n: number): number {
  let count = 0;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) count += rest % 2;
  return count;
}

interface Below {
  steps: number;
  parent: string;
  /** Whether the parent was itself reached going down (else it is an ancestor, reached going up). */
  parentGoingDown: boolean;
}

/** A person's blood relatives: their ancestors, and everyone reached going down from one of them. */
interface BloodSide {
  ancestors: Map<string, Ancestor>;
  below: Map<string, Below>;
}

/**
 * Breadth-first search whose states are "may still go up" (the ancestors) and "going down": every blood relative
 * once, at the nearest blood path (up, then down).
 */
function searchBloodSide(index: FamilyIndex, start: string): BloodSide {
  const ancestors = ancestorsOf(index, start);
  const byGeneration: string[][] = [];
  for (const [id, { up }] of ancestors) (byGeneration[up] ??= []).push(id);
  const below = new Map<string, Below>();
  let goingDown: string[] = [];
  for (let steps = 1; steps <= 2 * maxGenerations; steps++) {
    const next: string[] = [];
    for (const [parents, parentGoingDown] of [
      [byGeneration[steps - 1] ?? [], false],
      [goingDown, true],
    ] as const) {
      for (const parent of parents) {
        for (const child of index.kinChildren(parent)) {
          if (below.has(child)) continue;
          below.set(child, { steps, parent, parentGoingDown });
          next.push(child);
        }
      }
    }
    if (next.length === 0 && steps >= byGeneration.length) break;
    goingDown = next;
  }
  return { ancestors, below };
}

// Naming everyone in view for one viewer asks for the viewer's side again and again: the last few are kept
// per index (an index is one graph, never changed).
const sideCache = new WeakMap<FamilyIndex, Map<string, BloodSide>>();
const sidesKept = 8;

function bloodSide(index: FamilyIndex, id: string): BloodSide {
  let sides = sideCache.get(index);
  if (!sides) sideCache.set(index, (sides = new Map()));
  let side = sides.get(id);
  if (!side) {
    side = searchBloodSide(index, id);
    if (sides.size >= sidesKept) sides.delete(sides.keys().next().value!);
    sides.set(id, side);
  }
  return side;
}

function bloodSteps(side: BloodSide, id: string): number {
  return Math.min(side.ancestors.get(id)?.up ?? Infinity, side.below.get(id)?.steps ?? Infinity);
}

function bloodPath(side: BloodSide, id: string): PathStep[] {
  if ((side.ancestors.get(id)?.up ?? Infinity) <= (side.below.get(id)?.steps ?? Infinity)) return pathUp(side.ancestors, id);
  const path: PathStep[] = [];
  for (let current = id, reached = side.below.get(id); reached; current = reached.parent, reached = side.below.get(current)) {
    path.push({ personId: current, step: 'child' });
    if (!reached.parentGoingDown) return [...pathUp(side.ancestors, reached.parent), ...path.reverse()];
  }
  return path.reverse();
}

/**
 * Blood ties: the common ancestors nearest on both sides (none of their children is a common ancestor nearer to
 * both), grouped by generations up and down. A couple is one group; a second group is a second tie (pedigree
 * collapse: a first cousin through the father and a first cousin once removed through the mother).
 */
function bloodTies(index: FamilyIndex, viewerId: string, targetId: string): Tie[] {
  const fromViewer = bloodSide(index, viewerId).ancestors;
  const fromTarget = bloodSide(index, targetId).ancestors;
  const groups = new Map<string, string[]>();
  for (const [id, mine] of fromViewer) {
    const theirs = fromTarget.get(id);
    if (!theirs) continue;
    const nearer = index.kinChildren(id).some((child) => {
      const a = fromViewer.get(child);
      const b = fromTarget.get(child);
      return a !== undefined && b !== undefined && a.up < mine.up && b.up < theirs.up;
    });
    if (nearer) continue;
    const key = `${mine.up},${theirs.up}`;
    const group = groups.get(key);
    if (group) group.push(id);
    else groups.set(key, [id]);
  }
  return [...groups.values()].map((group) => {
    const top = group[0]!;
    const viewerLines = group.reduce((lines, id) => lines | fromViewer.get(id)!.lines, 0);
    const targetLines = group.reduce((lines, id) => lines | fromTarget.get(id)!.lines, 0);
    const { up } = fromViewer.get(top)!;
    const down = fromTarget.get(top)!.up;
    const double = up >= 2 && down >= 2 && bitCount(viewerLines) >= 2 && bitCount(targetLines) >= 2;
    const downPath = reversePath(targetId, pathUp(fromTarget, top)).path;
    const piece = bloodPiece(index, viewerId, [...pathUp(fromViewer, top), ...downPath], double);
    return { pieces: [piece], steps: piece.path.length };
  });
}

/**
 * Ties through one partnership: a blood relative of the viewer (or the viewer) partnered with a blood relative
 * of the target (or the target). A partnership is a detour, and not a tie of its own, when the blood tie across
 * it is no longer than the way round: a father's wife who is one's mother, a wife's son who is one's son. A
 * partnership between two others ("your cousin's mother-in-law") is a tie only when it joins two people who are
 * not each other's blood relatives: in a family where cousins married, every cousin is not also "your brother's
 * brother-in-law".
 */
function partnerTies(index: FamilyIndex, viewerId: string, targetId: string): Tie[] {
  const fromViewer = bloodSide(index, viewerId);
  const fromTarget = bloodSide(index, targetId);
  const found: { a: string; b: string; link: PartnerLink; steps: number }[] = [];
  const tryFrom = (a: string) => {
    const stepsA = bloodSteps(fromViewer, a);
    for (const { other: b, link } of index.partners(a)) {
      const stepsB = bloodSteps(fromTarget, b);
      if (stepsB === Infinity) continue;
      const viewerToB = bloodSteps(fromViewer, b);
      const targetToA = bloodSteps(fromTarget, a);
      if (viewerToB <= stepsA + 1 || targetToA <= stepsB + 1) continue;
      if (a !== viewerId && b !== targetId && (viewerToB !== Infinity || targetToA !== Infinity)) continue;
      found.push({ a, b, link, steps: stepsA + 1 + stepsB });
    }
  };
  for (const a of fromViewer.ancestors.keys()) tryFrom(a);
  for (const a of fromViewer.below.keys()) if (!fromViewer.ancestors.has(a)) tryFrom(a);
  found.sort((x, y) => x.steps - y.steps);
  return found.slice(0, 2 * maxTies).map(({ a, b, link, steps }) => {
    const pieces: Piece[] = [];
    if (a !== viewerId) pieces.push(bloodPiece(index, viewerId, bloodPath(fromViewer, a)));
    pieces.push({ kind: 'partner', from: a, to: b, link, path: [{ personId: b, step: 'partner' }] });
    if (b !== targetId) {
      const back = reversePath(targetId, bloodPath(fromTarget, b));
      pieces.push(bloodPiece(index, back.from, back.path));
    }
    return { pieces, steps };
  });
}

/** A step or foster parent or child recorded as such. */
function recordedTies(index: FamilyIndex, viewerId: string, targetId: string): Tie[] {
  const ties: Tie[] = [];
  for (const [edges, direction] of [
    [index.otherParents(viewerId), 'parent'],
    [index.otherChildren(viewerId), 'child'],
  ] as const) {
    for (const { other, type } of edges) {
      if (other !== targetId) continue;
      const path: PathStep[] = [{ personId: other, step: direction }];
      ties.push({ pieces: [{ kind: 'recorded', from: viewerId, to: other, type, direction, path }], steps: 1 });
    }
  }
  return ties;
}

interface ChainLink {
  from: string;
  step: Step;
  recorded?: 'step' | 'foster';
  link?: PartnerLink;
}

/** The shortest chain of any links, cut into pieces: runs of blood links up then down, single other links. */
function chainTie(index: FamilyIndex, viewerId: string, targetId: string): Tie | null {
  const came = new Map<string, ChainLink | null>([[viewerId, null]]);
  let frontier = [viewerId];
  for (let steps = 1; steps <= maxChainSteps && frontier.length > 0 && !came.has(targetId); steps++) {
    const next: string[] = [];
    const reach = (id: string, how: ChainLink) => {
      if (came.has(id)) return;
      came.set(id, how);
      next.push(id);
    };
    for (const from of frontier) {
      for (const id of index.kinParents(from)) reach(id, { from, step: 'parent' });
      for (const id of index.kinChildren(from)) reach(id, { from, step: 'child' });
      for (const { other, type } of index.otherParents(from)) reach(other, { from, step: 'parent', recorded: type });
      for (const { other, type } of index.otherChildren(from)) reach(other, { from, step: 'child', recorded: type });
      for (const { other, link } of index.partners(from)) reach(other, { from, step: 'partner', link });
    }
    frontier = next;
  }
  if (!came.has(targetId)) return null;
  const links: (ChainLink & { to: string })[] = [];
  for (let id = targetId, how = came.get(id); how; id = how.from, how = came.get(id)) links.push({ ...how, to: id });
  links.reverse();

  const pieces: Piece[] = [];
  let run: { from: string; path: PathStep[] } | null = null;
  const endRun = () => {
    if (run) pieces.push(bloodPiece(index, run.from, run.path));
    run = null;
  };
  for (const { from, to, step, recorded, link } of links) {
    const path: PathStep[] = [{ personId: to, step }];
    if (link) {
      endRun();
      pieces.push({ kind: 'partner', from, to, link, path });
    } else if (recorded && step !== 'partner') {
      endRun();
      pieces.push({ kind: 'recorded', from, to, type: recorded, direction: step, path });
    } else {
      const current: { from: string; path: PathStep[] } | null = run;
      if (current && !(step === 'parent' && current.path[current.path.length - 1]?.step === 'child')) current.path.push(...path);
      else {
        endRun();
        run = { from, path };
      }
    }
  }
  endRun();
  return { pieces, steps: links.length };
}

/**
 * How targetId is related to viewerId, or null when no tie joins them. Blood ties come first, then recorded
 * step and foster links and ties through one partnership; only when none exists is the shortest chain of any
 * links named.
 */
export function relationBetween(index: FamilyIndex, viewerId: string, targetId: string): Relation | null {
  if (!index.has(viewerId) || !index.has(targetId)) return null;
  if (viewerId === targetId) return { label: 'you', labels: ['you'], path: [] };
  const ties = [
    ...bloodTies(index, viewerId, targetId),
    ...recordedTies(index, viewerId, targetId),
    ...partnerTies(index, viewerId, targetId),
  ];
  if (ties.length === 0) {
    const chain = chainTie(index, viewerId, targetId);
    if (chain) ties.push(chain);
  }
  // A stable sort: among ties as short, blood before recorded before partner ties.
  ties.sort((a, b) => a.steps - b.steps);
  const labels: string[] = [];
  let path: PathStep[] | null = null;
  for (const tie of ties) {
    const label = nameChain(index, tie.pieces);
    if (labels.includes(label)) continue;
    labels.push(label);
    path ??= tie.pieces.flatMap((piece) => piece.path);
    if (labels.length === maxTies) break;
  }
  if (!path) return null;
  return { label: labels.slice(0, 2).join(' and '), labels, path };
}
