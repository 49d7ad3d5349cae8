import { describe, expect, it } from 'vitest';
import { CARD_HEIGHT, CARD_WIDTH, cardsIn, layoutTree, type LayoutPerson, type LayoutRelation, type PlacedCard } from './tree-layout';

const person = (id: number, sex = 'unknown', birth: string | null = null): LayoutPerson => ({ id, sex, birth: { date: birth } });
const parent = (from: number, to: number, type: LayoutRelation['type'] = 'birth'): LayoutRelation => ({ kind: 'parent', from, to, type });
const partners = (from: number, to: number): LayoutRelation => ({ kind: 'partner', from, to, type: 'married' });

const at = (cards: PlacedCard[], id: number) => {
  const card = cards.find((c) => c.id === id);
  if (!card) throw new Error(`no card for ${id}`);
  return card;
};
const centre = (card: PlacedCard) => card.x + CARD_WIDTH / 2;

function expectNoOverlap(cards: PlacedCard[]) {
  const rows = new Map<number, PlacedCard[]>();
  for (const c of cards) rows.set(c.y, [...(rows.get(c.y) ?? []), c]);
  for (const row of rows.values()) {
    const sorted = [...row].sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.x - sorted[i - 1]!.x).toBeGreaterThanOrEqual(CARD_WIDTH);
  }
}

/** A deterministic shuffle, so the "any order" test does not depend on Math.random. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// 1 the owner, 2 and 3 their parents (father, mother), 4 and 5 the mother's parents, 6 the owner's partner,
// 7 and 8 their children, 9 a child's partner, 10 a grandchild
const family = {
  persons: [
    person(1, 'female', '1960'),
    person(2, 'male', '1930'),
    person(3, 'female', '1932'),
    person(4, 'male', '1900'),
    person(5, 'female', 'c. 1902'),
    person(6, 'male', '1958'),
    person(7, 'female', '1990'),
    person(8, 'male', '1988'),
    person(9, 'male'),
    person(10, 'unknown', '2020'),
  ],
  relations: [
    parent(2, 1),
    parent(3, 1),
    parent(4, 3),
    parent(5, 3),
    partners(1, 6),
    parent(1, 7),
    parent(6, 7),
    parent(1, 8),
    parent(6, 8),
    partners(7, 9),
    parent(7, 10),
    parent(9, 10),
  ],
};

describe('layoutTree', () => {
  it('puts generations in rows: ancestors above the root, descendants below', () => {
    const { cards } = layoutTree(1, family.persons, family.relations);
    expect(cards).toHaveLength(10);
    const row = (id: number) => at(cards, id).generation;
    expect([row(4), row(5), row(2), row(3), row(1), row(6), row(7), row(8), row(9), row(10)]).toEqual([-2, -2, -1, -1, 0, 0, 1, 1, 1, 2]);
    expect(at(cards, 4).y).toBeLessThan(at(cards, 2).y);
    expect(at(cards, 10).y).toBeGreaterThan(at(cards, 7).y);
  });

  it('draws partners side by side and parents father first', () => {
    const { cards } = layoutTree(1, family.persons, family.relations);
    expect(at(cards, 6).x - at(cards, 1).x).toBeGreaterThanOrEqual(CARD_WIDTH);
    expect(at(cards, 6).x - at(cards, 1).x).toBeLessThan(CARD_WIDTH * 1.5);
    expect(at(cards, 2).x).toBeLessThan(at(cards, 3).x);
    expect(at(cards, 9).x).toBeGreaterThan(at(cards, 7).x);
  });

  it('puts children under their parents, the elder first', () => {
    const { cards } = layoutTree(1, family.persons, family.relations);
    const couple = (centre(at(cards, 1)) + centre(at(cards, 6))) / 2;
    const kids = (at(cards, 8).x + at(cards, 7).x + CARD_WIDTH + 0) / 2;
    expect(at(cards, 8).x).toBeLessThan(at(cards, 7).x); // 8 was born in 1988, 7 in 1990
    expect(Math.abs(kids - couple)).toBeLessThan(CARD_WIDTH * 2);
    // the root sits under its parents, who sit under the mother's parents
    expect(centre(at(cards, 1))).toBeGreaterThanOrEqual(at(cards, 2).x);
    expect(centre(at(cards, 1))).toBeLessThanOrEqual(at(cards, 3).x + CARD_WIDTH);
    expect(centre(at(cards, 3))).toBeGreaterThanOrEqual(at(cards, 4).x);
    expect(centre(at(cards, 3))).toBeLessThanOrEqual(at(cards, 5).x + CARD_WIDTH);
  });

  it('draws a line from each couple to their children and between partners', () => {
    const { lines } = layoutTree(1, family.persons, family.relations);
    // couples: 1–6, 7–9, 2–3, 4–5; children: 7, 8, 10, 1, 3
    expect(lines).toHaveLength(9);
    for (const line of lines) for (const [x, y] of line.points) expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
  });

  it('marks the line to an adoptive or step child as dashed', () => {
    const { lines } = layoutTree(1, [person(1), person(2)], [parent(2, 1, 'adoptive')]);
    expect(lines).toEqual([expect.objectContaining({ dashed: true })]);
  });

  it('gives the same layout whatever order the graph came in', () => {
    const first = layoutTree(1, family.persons, family.relations);
    const second = layoutTree(1, shuffled(family.persons, 7), shuffled(family.relations, 11));
    expect(second).toEqual(first);
  });

  it('centres on any person: the grandmother as the root has her daughter and grandchildren below', () => {
    const { cards } = layoutTree(5, family.persons, family.relations);
    expect(at(cards, 5).generation).toBe(0);
    expect(at(cards, 4).generation).toBe(0); // her partner beside her
    expect(at(cards, 3).generation).toBe(1);
    expect(at(cards, 1).generation).toBe(2);
    expect(at(cards, 10).generation).toBe(4);
  });

  it('draws each person once in a pedigree collapse, and ignores a cycle in bad data', () => {
    // 3 and 4 are cousins (children of 5's children 6 and 7) and the parents of 1
    const persons = [1, 2, 3, 4, 5, 6, 7].map((id) => person(id));
    const relations = [parent(3, 1), parent(4, 1), parent(6, 3), parent(7, 4), parent(5, 6), parent(5, 7), parent(1, 5)];
    const { cards } = layoutTree(1, persons, relations);
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
    expectNoOverlap(cards);
  });

  it('draws brothers and sisters beside the root, the elder first, with their families, under their parents', () => {
    // 1 the root (1960); 2 and 3 the parents; 4 an elder sister (1955) with a child 6; 5 a half-brother (1965, only
    // 3's son); 7 a younger brother with no birth date
    const persons = [
      person(1, 'female', '1960'),
      person(2, 'male'),
      person(3, 'female'),
      person(4, 'female', '1955'),
      person(5, 'male', '1965'),
      person(6, 'male', '1980'),
      person(7, 'male'),
    ];
    const relations = [parent(2, 1), parent(3, 1), parent(2, 4), parent(3, 4), parent(3, 5), parent(4, 6), parent(2, 7), parent(3, 7)];
    const { cards, lines, notShown } = layoutTree(1, persons, relations);
    expect(notShown).toBe(0);
    const row0 = cards.filter((c) => c.generation === 0).map((c) => c.id);
    expect(row0).toEqual([4, 1, 5, 7]);
    expect(at(cards, 6).generation).toBe(1);
    expect(centre(at(cards, 6))).toBeCloseTo(centre(at(cards, 4)));
    // the parents above the middle of their children
    const parentsMiddle = (centre(at(cards, 2)) + centre(at(cards, 3))) / 2;
    expect(parentsMiddle).toBeCloseTo((centre(at(cards, 4)) + centre(at(cards, 7))) / 2);
    expectNoOverlap(cards);
    // a line to each child from their parents: the half-brother's from his mother's card alone
    const toCard = (id: number) =>
      lines.find((l) => l.points.at(-1)![0] === centre(at(cards, id)) && l.points.at(-1)![1] === at(cards, id).y);
    expect(toCard(5)!.points[0]).toEqual([centre(at(cards, 3)), at(cards, 3).y + CARD_HEIGHT]);
    expect(toCard(4)!.points[0]![0]).toBeCloseTo(parentsMiddle);
    expect(toCard(6)).toBeDefined();
  });

  it('counts the persons it does not draw, and draws nothing for an unknown root', () => {
    expect(layoutTree(1, [person(1), person(2)], []).notShown).toBe(1);
    expect(layoutTree(99, [person(1)], []).cards).toEqual([]);
  });

  it('never overlaps two cards, and lays out 2,000 persons quickly', () => {
    // five generations of ancestors above, and a wide family below: 4 children each, partners for all
    const persons: LayoutPerson[] = [person(1)];
    const relations: LayoutRelation[] = [];
    let next = 2;
    const addAncestors = (child: number, depth: number) => {
      if (depth === 0) return;
      const father = next++;
      const mother = next++;
      persons.push(person(father, 'male'), person(mother, 'female'));
      relations.push(parent(father, child), parent(mother, child), partners(father, mother));
      addAncestors(father, depth - 1);
      addAncestors(mother, depth - 1);
    };
    addAncestors(1, 5);
    let generation = [1];
    while (persons.length < 2000) {
      const nextGeneration: number[] = [];
      for (const p of generation) {
        const partner = next++;
        persons.push(person(partner));
        relations.push(partners(p, partner));
        for (let k = 0; k < 4 && persons.length < 2000; k++) {
          const child = next++;
          persons.push(person(child, k % 2 ? 'male' : 'female', String(1950 + k)));
          relations.push(parent(p, child), parent(partner, child));
          nextGeneration.push(child);
        }
        if (persons.length >= 2000) break;
      }
      generation = nextGeneration;
    }
    const started = performance.now();
    const layout = layoutTree(1, persons, relations);
    const elapsed = performance.now() - started;
    expect(layout.cards).toHaveLength(persons.length);
    expectNoOverlap(layout.cards);
    expect(elapsed).toBeLessThan(500); // ~20 ms on a quiet machine; the bound leaves room for a busy one
  });
});

describe('cardsIn', () => {
  it('keeps the cards that meet the rectangle', () => {
    const cards: PlacedCard[] = [
      { id: 1, x: 0, y: 0, generation: 0 },
      { id: 2, x: 1000, y: 0, generation: 0 },
      { id: 3, x: 0, y: 1000, generation: 0 },
    ];
    expect(cardsIn(cards, { minX: -10, minY: -10, maxX: CARD_WIDTH, maxY: CARD_HEIGHT }).map((c) => c.id)).toEqual([1]);
    expect(cardsIn(cards, { minX: 900, minY: -10, maxX: 1100, maxY: 10 }).map((c) => c.id)).toEqual([2]);
  });
});
