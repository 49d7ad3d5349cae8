// Where each card of the family tree goes (decision 063): an hourglass around one person, their ancestors in the
// rows above, their brothers and sisters beside them, and the descendants of them all (with the partners beside
// each) in the rows below. d3-hierarchy's tidy tree places each half in O(n), and the separation between
// neighbours is read from their widths, so no two cards overlap. The same graph gives the same layout, whatever order the API listed it in.
import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { TreeRelation } from '@shared/schemas/tree';
import { sortKeyOf } from '@shared/tree/tree-date';

export const CARD_WIDTH = 168;
export const CARD_HEIGHT = 104;
/** Between partners side by side. */
const PARTNER_GAP = 24;
/** Between the families of brothers and sisters. */
const SIBLING_GAP = 32;
/** Between cousins' families, a little more so the families read apart. */
const COUSIN_GAP = 56;
const ROW_GAP = 72;
export const ROW_HEIGHT = CARD_HEIGHT + ROW_GAP;

export interface LayoutPerson {
  id: number;
  sex: string;
  birth: { date: string | null };
}

export type LayoutRelation = Pick<TreeRelation, 'kind' | 'from' | 'to' | 'type'>;

export interface PlacedCard {
  id: number;
  /** Top-left corner, in tree units (a card is CARD_WIDTH × CARD_HEIGHT). */
  x: number;
  y: number;
  /** Generations from the root: negative above (ancestors), positive below. */
  generation: number;
}

/** A line of the drawing: a polyline through its points; dashed when the parent is not a birth parent. */
export interface TreeLine {
  points: [number, number][];
  dashed: boolean;
}

export interface TreeLayout {
  cards: PlacedCard[];
  lines: TreeLine[];
  /** The box around every card. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  /** Persons of the graph that are neither the root's ancestors nor descendants (nor their partners). */
  notShown: number;
}

interface Index {
  parents: Map<number, { id: number; dashed: boolean }[]>;
  children: Map<number, number[]>;
  partners: Map<number, number[]>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

function buildIndex(persons: Map<number, LayoutPerson>, relations: LayoutRelation[]): Index {
  const index: Index = { parents: new Map(), children: new Map(), partners: new Map() };
  for (const r of relations) {
    if (!persons.has(r.from) || !persons.has(r.to) || r.from === r.to) continue;
    if (r.kind === 'parent') {
      push(index.parents, r.to, { id: r.from, dashed: r.type !== 'birth' });
      push(index.children, r.from, r.to);
    } else {
      push(index.partners, r.from, r.to);
      push(index.partners, r.to, r.from);
    }
  }
  const bySexThenId = (a: number, b: number) => sexOrder(persons.get(a)!) - sexOrder(persons.get(b)!) || a - b;
  const byBirthThenId = byBirth(persons);
  for (const list of index.parents.values()) list.sort((a, b) => Number(a.dashed) - Number(b.dashed) || bySexThenId(a.id, b.id));
  for (const [id, list] of index.children) index.children.set(id, [...new Set(list)].sort(byBirthThenId));
  for (const [id, list] of index.partners)
    index.partners.set(
      id,
      [...new Set(list)].sort((a, b) => a - b),
    );
  return index;
}

/** The elder first; those with no known birth after, by id. */
const byBirth = (persons: Map<number, LayoutPerson>) => (a: number, b: number) =>
  (sortKeyOf(persons.get(a)!.birth.date) ?? Infinity) - (sortKeyOf(persons.get(b)!.birth.date) ?? Infinity) || a - b;

/** Fathers on the left, mothers on the right, as family trees are usually drawn. */
function sexOrder(person: LayoutPerson) {
  return person.sex === 'male' ? 0 : person.sex === 'female' ? 2 : 1;
}

/** A box of the descendants' half: a person and the partners drawn beside them, their children below. */
interface Family {
  members: number[];
  width: number;
  children: Family[];
  /** For each child family, the member(s) it descends from (the couple its line starts between). */
  childParents: number[][];
}

const widthOf = (count: number) => count * CARD_WIDTH + (count - 1) * PARTNER_GAP;

function descendants(rootId: number, index: Index, placed: Set<number>): Family {
  return descendantsBuilder(index, placed)(rootId);
}

function descendantsBuilder(index: Index, placed: Set<number>) {
  const build = (personId: number): Family => {
    placed.add(personId);
    // partners: those with a partner link, then anyone else this person had children with
    const coParents = (index.children.get(personId) ?? []).flatMap((child) => (index.parents.get(child) ?? []).map((p) => p.id));
    const partners = [...new Set([...(index.partners.get(personId) ?? []), ...coParents])].filter(
      (id) => id !== personId && !placed.has(id),
    );
    for (const id of partners) placed.add(id);
    const members = [personId, ...partners];
    const family: Family = { members, width: widthOf(members.length), children: [], childParents: [] };
    for (const child of index.children.get(personId) ?? []) {
      if (placed.has(child)) continue;
      const others = (index.parents.get(child) ?? []).map((p) => p.id).filter((id) => id !== personId && members.includes(id));
      family.childParents.push([personId, ...others.slice(0, 1)]);
      family.children.push(build(child));
    }
    return family;
  };
  return build;
}

/** A box of the ancestors' half: one person, whose "children" in the hierarchy are their parents. */
interface Ancestor {
  id: number;
  parents: Ancestor[];
  dashed: boolean;
}

function ancestors(rootId: number, index: Index, placed: Set<number>): Ancestor {
  const build = (id: number, dashed: boolean): Ancestor => {
    const node: Ancestor = { id, parents: [], dashed };
    for (const parent of index.parents.get(id) ?? []) {
      if (placed.has(parent.id)) continue; // a pedigree collapse (cousins who married) draws each person once
      placed.add(parent.id);
      node.parents.push(build(parent.id, parent.dashed));
    }
    return node;
  };
  return build(rootId, false);
}

/** The lines from a couple (or one parent) down to a child: a short drop, along, and down to the child's top. */
function parentLine(parents: { x: number; y: number }[], child: { x: number; y: number }, dashed: boolean): TreeLine {
  const bottom = parents[0]!.y + CARD_HEIGHT;
  const startX = parents.reduce((sum, p) => sum + p.x + CARD_WIDTH / 2, 0) / parents.length;
  // a couple's line leaves from the line between them, mid-height; one parent's from the bottom of their card
  const startY = parents.length > 1 ? parents[0]!.y + CARD_HEIGHT / 2 : bottom;
  const busY = bottom + ROW_GAP / 2;
  const childX = child.x + CARD_WIDTH / 2;
  return {
    points: [
      [startX, startY],
      [startX, busY],
      [childX, busY],
      [childX, child.y],
    ],
    dashed,
  };
}

function coupleLine(a: { x: number; y: number }, b: { x: number; y: number }): TreeLine {
  const [left, right] = a.x < b.x ? [a, b] : [b, a];
  const y = left.y + CARD_HEIGHT / 2;
  return {
    points: [
      [left.x + CARD_WIDTH, y],
      [right.x, y],
    ],
    dashed: false,
  };
}

/** Lays out the root's ancestors above and descendants below; pure, deterministic. */
export function layoutTree(rootId: number, persons: LayoutPerson[], relations: LayoutRelation[]): TreeLayout {
  const byId = new Map(persons.map((p) => [p.id, p]));
  if (!byId.has(rootId)) return { cards: [], lines: [], bounds: { minX: 0, minY: 0, maxX: 0, maxY: 0 }, notShown: persons.length };
  const index = buildIndex(byId, relations);
  const placed = new Set<number>([rootId]);
  const ancestorRoot = ancestors(rootId, index, placed);
  placed.delete(rootId);
  // the root's partners and descendants may not be their own ancestors (the API refuses cycles); if the data
  // says otherwise anyway, each person is still drawn once
  const familyRoot = descendants(rootId, index, placed);
  // the root's brothers and sisters (whole or half) stand beside them, the elder first, with their own families
  const rootParents = new Set((index.parents.get(rootId) ?? []).map((p) => p.id));
  const build = descendantsBuilder(index, placed);
  const siblingFamilies = new Map<number, Family>();
  for (const id of [...new Set([...rootParents].flatMap((p) => index.children.get(p) ?? []))].sort(byBirth(byId))) {
    if (!placed.has(id)) siblingFamilies.set(id, build(id));
  }
  const ordered = [...siblingFamilies.keys(), rootId]
    .sort(byBirth(byId))
    .map((id) => (id === rootId ? familyRoot : siblingFamilies.get(id)!));
  // brothers and sisters hang from one box of no width that the layout places but nobody draws
  const top: Family =
    siblingFamilies.size === 0 ? familyRoot : { members: [], width: 0, children: ordered, childParents: ordered.map(() => []) };
  const depthOffset = top === familyRoot ? 0 : 1;

  const cards = new Map<number, PlacedCard>();
  const lines: TreeLine[] = [];

  const down = tree<Family>()
    .nodeSize([1, ROW_HEIGHT])
    .separation((a, b) => (a.data.width + b.data.width) / 2 + (a.parent === b.parent ? SIBLING_GAP : COUSIN_GAP))(
    hierarchy(top, (f) => f.children),
  );
  const place = (id: number, x: number, generation: number) => {
    const card = { id, x, y: generation * ROW_HEIGHT, generation };
    cards.set(id, card);
    return card;
  };
  down.each((node: HierarchyPointNode<Family>) => {
    const left = node.x - node.data.width / 2;
    const members = node.data.members.map((id, i) => place(id, left + i * (CARD_WIDTH + PARTNER_GAP), node.depth - depthOffset));
    for (let i = 1; i < members.length; i++) lines.push(coupleLine(members[0]!, members[i]!));
  });
  down.each((node) => {
    node.data.children.forEach((child, i) => {
      const parents = node.data.childParents[i]!.map((id) => cards.get(id)!);
      if (parents.length === 0) return; // the brothers and sisters: their line comes from their parents above
      const parentTypes = index.parents.get(child.members[0]!) ?? [];
      const dashed = parentTypes.some((p) => parents.some((c) => c.id === p.id) && p.dashed);
      lines.push(parentLine(parents, cards.get(child.members[0]!)!, dashed));
    });
  });

  const up = tree<Ancestor>()
    .nodeSize([1, ROW_HEIGHT])
    .separation((a, b) => CARD_WIDTH + (a.parent === b.parent ? PARTNER_GAP : SIBLING_GAP))(hierarchy(ancestorRoot, (a) => a.parents));
  // the parents stand above the middle of their children: the root alone, or the root with brothers and sisters
  const row = ordered.map((family) => cards.get(family.members[0]!)!);
  const shift = (row[0]!.x + row.at(-1)!.x) / 2 + CARD_WIDTH / 2 - up.x;
  up.each((node) => {
    if (node.depth === 0) return;
    place(node.data.id, node.x + shift - CARD_WIDTH / 2, -node.depth);
  });
  up.each((node) => {
    const parents = node.data.parents.map((p) => cards.get(p.id)!);
    if (parents.length === 0) return;
    for (let i = 1; i < parents.length; i++) lines.push(coupleLine(parents[i - 1]!, parents[i]!));
    const child = cards.get(node.data.id)!;
    // two parents share one line from between them; any further (step, adoptive) parent has its own
    const [first, second, ...rest] = node.data.parents;
    const pair = [first!, second].filter((p): p is Ancestor => p !== undefined);
    lines.push(
      parentLine(
        pair.map((p) => cards.get(p.id)!),
        child,
        pair.some((p) => p.dashed),
      ),
    );
    for (const extra of rest) lines.push(parentLine([cards.get(extra.id)!], child, extra.dashed));
  });
  for (const id of siblingFamilies.keys()) {
    const own = (index.parents.get(id) ?? []).filter((p) => rootParents.has(p.id) && cards.has(p.id)).slice(0, 2);
    lines.push(
      parentLine(
        own.map((p) => cards.get(p.id)!),
        cards.get(id)!,
        own.some((p) => p.dashed),
      ),
    );
  }

  const list = [...cards.values()].sort((a, b) => a.generation - b.generation || a.x - b.x);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of list) {
    minX = Math.min(minX, c.x);
    minY = Math.min(minY, c.y);
    maxX = Math.max(maxX, c.x + CARD_WIDTH);
    maxY = Math.max(maxY, c.y + CARD_HEIGHT);
  }
  return { cards: list, lines, bounds: { minX, minY, maxX, maxY }, notShown: persons.length - list.length };
}

/** The cards that meet a rectangle (tree units), for drawing only what is on screen. */
export function cardsIn(cards: PlacedCard[], rect: { minX: number; minY: number; maxX: number; maxY: number }): PlacedCard[] {
  return cards.filter((c) => c.x + CARD_WIDTH >= rect.minX && c.x <= rect.maxX && c.y + CARD_HEIGHT >= rect.minY && c.y <= rect.maxY);
}
