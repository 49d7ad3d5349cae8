import { describe, expect, it } from 'vitest';
import { indexFamily, relationBetween, type FamilyGraph, type ParentLink, type PartnerLink, type Sex } from './relation-naming';

const sexes: Record<string, Sex> = { f: 'female', m: 'male', o: 'other', u: 'unknown' };

/** A family written as text: people as "name:f name:m name:u", parents as "child < parent parent:adoptive". */
function family(people: string, parents: string[], partners: PartnerLink[] = []): FamilyGraph {
  const persons = people
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => ({ id: entry.split(':')[0]!, sex: sexes[entry.split(':')[1]!]! }));
  const links: ParentLink[] = parents.flatMap((line) => {
    const [child, rest] = line.split(' < ') as [string, string];
    return rest.split(' ').map((parent) => {
      const [parentId, type] = parent.split(':') as [string, ParentLink['type'] | undefined];
      return { childId: child, parentId, type: type ?? 'birth' };
    });
  });
  return { persons, parents: links, partners };
}

const married = (a: string, b: string): PartnerLink => ({ a, b, status: 'current', kind: 'married' });
const partners = (a: string, b: string): PartnerLink => ({ a, b, status: 'current', kind: 'partners' });
const divorced = (a: string, b: string): PartnerLink => ({ a, b, status: 'ended', kind: 'married', endedBy: 'separation' });
const widowed = (a: string, b: string): PartnerLink => ({ a, b, status: 'ended', kind: 'married', endedBy: 'death' });

// Ann's family, over five generations. Ann (female) is the viewer of most cases.
const annsFamily = family(
  `
    george:m helen:f otto:m walter:m rose:f frank:m alice:f paul:m sky:u hazel:f mary:f susan:f
    ray:m ulrich:m ivy:f diane:f victor:m vera:f will:m ann:f ben:m dan:m vince:m chris:m
    cleo:f beth:f jack:m tom:m tim:m tess:f tina:f tony:m nick:m erin:f edna:f sam:m
    greta:f lily:f leo:m bria:f fay:f lars:m lena:f nora:f kim:o cole:m mia:f nell:f
    rio:u max:m zed:m ned:m
  `,
  [
    'frank < george helen',
    'alice < george helen',
    'paul < george helen',
    'sky < george helen',
    'hazel < helen otto',
    'mary < walter rose',
    'susan < walter rose',
    'ray < walter rose',
    'ann < frank mary',
    'ben < frank mary',
    'dan < frank diane',
    'vince < victor vera',
    'chris < alice ulrich',
    'cleo < alice ulrich',
    'beth < alice ulrich',
    'jack < ivy',
    'tom < tim tess',
    'tina < tim tess',
    'tony < tim tess',
    'sam < tom erin',
    'erin < edna',
    'sam < greta:step',
    'lily < ann tom',
    'leo < ann:adoptive tom:adoptive bria',
    'fay < ann:foster tom:foster',
    'lars < lena',
    'nora < ben beth',
    'kim < ben beth',
    'cole < chris',
    'mia < lily lars',
    'nell < nora',
    'rio < nora',
    'max < mia',
  ],
  [
    married('george', 'helen'),
    divorced('helen', 'otto'),
    widowed('walter', 'rose'),
    married('frank', 'mary'),
    divorced('frank', 'diane'),
    married('diane', 'victor'),
    partners('vera', 'will'),
    married('alice', 'ulrich'),
    married('ray', 'ivy'),
    married('cleo', 'jack'),
    married('ben', 'beth'),
    married('ann', 'tom'),
    divorced('tom', 'erin'),
    partners('tina', 'nick'),
    married('lily', 'lars'),
    married('lena', 'ned'),
  ],
);

// Two lines of descent from one couple, eight generations deep: a1 and b1 are siblings, a2 and b2 first
// cousins, a6 and b6 fifth cousins. Odd generations are men, even ones women.
const lines = family(
  [
    'founder:m foundress:f',
    ...['a', 'b'].flatMap((line) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${line}${n}:${n % 2 === 0 ? 'f' : 'm'}`)),
  ].join(' '),
  ['a', 'b'].flatMap((line) => [`${line}1 < founder foundress`, ...[2, 3, 4, 5, 6, 7, 8].map((n) => `${line}${n} < ${line}${n - 1}`)]),
  [married('founder', 'foundress')],
);

const ann = indexFamily(annsFamily);
const line = indexFamily(lines);

const cases: [string, typeof ann, string, string, string][] = [
  // Blood, up and down.
  ['self', ann, 'ann', 'ann', 'you'],
  ['mother', ann, 'ann', 'mary', 'your mother'],
  ['father', ann, 'ann', 'frank', 'your father'],
  ['grandmother', ann, 'ann', 'helen', 'your grandmother'],
  ['grandfather who is a widower', ann, 'ann', 'walter', 'your grandfather'],
  ['daughter', ann, 'ann', 'lily', 'your daughter'],
  ['granddaughter', ann, 'ann', 'mia', 'your granddaughter'],
  ['great-grandson', ann, 'ann', 'max', 'your great-grandson'],
  ['great-grandmother', ann, 'max', 'ann', 'your great-grandmother'],
  ['great-great-grandfather', line, 'a4', 'founder', 'your great-great-grandfather'],
  ['great-great-great-grandmother', line, 'b5', 'foundress', 'your great-great-great-grandmother'],
  ['great-grandchild (son)', line, 'founder', 'a3', 'your great-grandson'],
  // Siblings, aunts, nieces.
  ['brother', ann, 'ann', 'ben', 'your brother'],
  ['sister', ann, 'ben', 'ann', 'your sister'],
  ['half-brother', ann, 'ann', 'dan', 'your half-brother'],
  ['half-sister', ann, 'dan', 'ann', 'your half-sister'],
  ['half-brother by the father alone', ann, 'lily', 'sam', 'your half-brother'],
  ['aunt', ann, 'ann', 'alice', 'your aunt'],
  ['uncle', ann, 'ann', 'paul', 'your uncle'],
  ['half-aunt', ann, 'ann', 'hazel', 'your half-aunt'],
  ['half-niece', ann, 'hazel', 'ann', 'your half-niece'],
  ['niece (also a first cousin once removed, through the nearer ancestors only a niece)', ann, 'ann', 'nora', 'your niece'],
  ['niece in the lines', line, 'a1', 'b2', 'your niece'],
  ['great-niece', ann, 'ann', 'nell', 'your great-niece'],
  ['great-aunt', ann, 'nell', 'ann', 'your great-aunt'],
  ['great-nephew', line, 'a1', 'b3', 'your great-nephew'],
  ['great-great-niece', line, 'a1', 'b4', 'your great-great-niece'],
  ['great-uncle', line, 'b3', 'a1', 'your great-uncle'],
  ['uncle in the lines', line, 'a2', 'b1', 'your uncle'],
  // Cousins.
  ['first cousin', ann, 'ann', 'chris', 'your first cousin'],
  ['first cousin once removed, down', ann, 'ann', 'cole', 'your first cousin once removed'],
  ['first cousin once removed, up', ann, 'cole', 'ann', 'your first cousin once removed'],
  ['first cousin once removed, a generation below', ann, 'lily', 'chris', 'your first cousin once removed'],
  ['first cousin once removed in the lines', line, 'a3', 'b2', 'your first cousin once removed'],
  ['second cousin', line, 'a3', 'b3', 'your second cousin'],
  ['second cousin twice removed, down', line, 'a3', 'b5', 'your second cousin twice removed'],
  ['second cousin twice removed, up', line, 'b5', 'a3', 'your second cousin twice removed'],
  ['third cousin', line, 'a4', 'b4', 'your third cousin'],
  ['fourth cousin', line, 'a5', 'b5', 'your fourth cousin'],
  ['fifth cousin', line, 'a6', 'b6', 'your fifth cousin'],
  ['fourth cousin three times removed', line, 'a8', 'b5', 'your fourth cousin three times removed'],
  // Words without a sex.
  ['child of unknown sex', ann, 'ben', 'kim', 'your child'],
  ['sibling of unknown sex', ann, 'frank', 'sky', 'your sibling'],
  ['aunt or uncle of unknown sex', ann, 'ann', 'sky', "your parent's sibling"],
  ['great-aunt or great-uncle of unknown sex', ann, 'lily', 'sky', "your grandparent's sibling"],
  ['niece or nephew of other sex', ann, 'ann', 'kim', "your sibling's child"],
  ['great-niece or great-nephew of unknown sex', ann, 'ann', 'rio', "your sibling's grandchild"],
  ['grandchild of other sex', ann, 'frank', 'kim', 'your grandchild'],
  // Adoption and fostering.
  ['adopted son', ann, 'ann', 'leo', 'your son'],
  ['adoptive mother', ann, 'leo', 'ann', 'your mother'],
  ['adopted brother', ann, 'lily', 'leo', 'your brother'],
  ['grandfather by adoption', ann, 'leo', 'frank', 'your grandfather'],
  ['birth mother of an adopted child', ann, 'leo', 'bria', 'your birth mother'],
  ['birth son', ann, 'bria', 'leo', 'your birth son'],
  ['foster daughter', ann, 'ann', 'fay', 'your foster daughter'],
  ['foster father', ann, 'fay', 'tom', 'your foster father'],
  ['foster sister', ann, 'fay', 'lily', 'your foster sister'],
  // Partners.
  ['husband', ann, 'ann', 'tom', 'your husband'],
  ['wife', ann, 'tom', 'ann', 'your wife'],
  ['former wife', ann, 'tom', 'erin', 'your former wife'],
  ['former husband', ann, 'erin', 'tom', 'your former husband'],
  ['late wife', ann, 'walter', 'rose', 'your late wife'],
  ['late husband', ann, 'rose', 'walter', 'your late husband'],
  ['partner', ann, 'tina', 'nick', 'your partner'],
  // Step-family.
  ['stepmother', ann, 'dan', 'mary', 'your stepmother'],
  ['stepfather', ann, 'dan', 'victor', 'your stepfather'],
  ["stepfather through a mother's unmarried partner", ann, 'vince', 'will', 'your stepfather'],
  ['stepson', ann, 'ann', 'sam', 'your stepson'],
  ['stepson of the stepmother', ann, 'mary', 'dan', 'your stepson'],
  ['stepmother seen by the stepson', ann, 'sam', 'ann', 'your stepmother'],
  ['stepmother recorded as such', ann, 'sam', 'greta', 'your stepmother'],
  ['stepson recorded as such', ann, 'greta', 'sam', 'your stepson'],
  ['stepbrother', ann, 'dan', 'vince', 'your stepbrother'],
  ['stepbrother the other way', ann, 'vince', 'dan', 'your stepbrother'],
  ["a father's former wife is no stepmother", ann, 'ann', 'diane', "your father's former wife"],
  ["a grandmother's former husband", ann, 'ann', 'otto', "your grandmother's former husband"],
  // In-laws.
  ['mother-in-law', ann, 'ann', 'tess', 'your mother-in-law'],
  ['father-in-law', ann, 'ann', 'tim', 'your father-in-law'],
  ['daughter-in-law', ann, 'tim', 'ann', 'your daughter-in-law'],
  ['son-in-law', ann, 'ann', 'lars', 'your son-in-law'],
  ['mother-in-law seen by the son-in-law', ann, 'lars', 'ann', 'your mother-in-law'],
  ["sister-in-law: a husband's sister", ann, 'ann', 'tina', 'your sister-in-law'],
  ["sister-in-law: a brother's wife", ann, 'tina', 'ann', 'your sister-in-law'],
  ["brother-in-law: a husband's brother", ann, 'ann', 'tony', 'your brother-in-law'],
  ["brother-in-law: a sister's husband", ann, 'ben', 'tom', 'your brother-in-law'],
  ['former mother-in-law', ann, 'tom', 'edna', 'your former mother-in-law'],
  ['uncle by marriage', ann, 'ann', 'ulrich', 'your uncle'],
  ["niece by marriage: a wife's niece", ann, 'tom', 'nora', 'your niece'],
  ['step-grandfather', ann, 'mia', 'ned', 'your step-grandfather'],
  ['step-granddaughter', ann, 'ned', 'mia', 'your step-granddaughter'],
  ["a sister's unmarried partner", ann, 'tom', 'nick', "your sister's partner"],
  ["a daughter's unmarried partner", ann, 'tim', 'nick', "your daughter's partner"],
  ["a sister-in-law's partner", ann, 'ann', 'nick', "your sister-in-law's partner"],
  ["co-parent-in-law: a daughter's mother-in-law", ann, 'ann', 'lena', "your daughter's mother-in-law"],
  ["a husband's former wife", ann, 'ann', 'erin', "your husband's former wife"],
  ["a chain through a father's former wife", ann, 'ann', 'victor', "your father's former wife's husband"],
  // Two ties at once.
  ["an aunt by marriage who is a cousin's mother-in-law", ann, 'ann', 'ivy', "your aunt and your first cousin's mother-in-law"],
  ['a cousin who is also a sister-in-law', ann, 'ann', 'beth', 'your sister-in-law and your first cousin'],
];

describe('relation naming', () => {
  it.each(cases)('%s', (_case, index, viewer, target, label) => {
    expect(relationBetween(index, viewer, target)?.label ?? null).toBe(label);
  });

  it('has at least sixty cases, each a different pair of people', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(new Set(cases.map(([, index, viewer, target]) => `${index === ann ? 'ann' : 'line'} ${viewer} ${target}`)).size).toBe(
      cases.length,
    );
  });

  it('is null between people no tie joins, and for people it does not know', () => {
    expect(relationBetween(ann, 'ann', 'zed')).toBeNull();
    expect(relationBetween(ann, 'ann', 'nobody')).toBeNull();
    expect(relationBetween(ann, 'nobody', 'ann')).toBeNull();
  });

  it('gives the path of the first tie, from the viewer (left out) to the person named', () => {
    expect(relationBetween(ann, 'ann', 'helen')?.path).toEqual([
      { personId: 'frank', step: 'parent' },
      { personId: 'helen', step: 'parent' },
    ]);
    expect(relationBetween(ann, 'ann', 'cole')?.path.map((step) => step.personId)).toEqual(['frank', 'george', 'alice', 'chris', 'cole']);
    expect(relationBetween(ann, 'ann', 'tess')?.path).toEqual([
      { personId: 'tom', step: 'partner' },
      { personId: 'tess', step: 'parent' },
    ]);
    expect(relationBetween(ann, 'ann', 'ann')?.path).toEqual([]);
  });

  it('lists every tie, shortest first, and the label joins the first two', () => {
    const beth = relationBetween(ann, 'ann', 'beth');
    expect(beth?.labels).toEqual(['your sister-in-law', 'your first cousin']);
    expect(beth?.path).toEqual([
      { personId: 'frank', step: 'parent' },
      { personId: 'ben', step: 'child' },
      { personId: 'beth', step: 'partner' },
    ]);
  });

  it('names cousins through both parents on each side as double cousins', () => {
    // Two brothers married two sisters.
    const graph = family(
      'g:m h:f k:m l:f b1:m b2:m s1:f s2:f p:f q:m r:m',
      ['b1 < g h', 'b2 < g h', 's1 < k l', 's2 < k l', 'p < b1 s1', 'q < b2 s2', 'r < b2'],
      [married('b1', 's1'), married('b2', 's2')],
    );
    const index = indexFamily(graph);
    expect(relationBetween(index, 'p', 'q')?.labels).toEqual(['your double first cousin']);
    expect(relationBetween(index, 'p', 'r')?.label).toBe('your first cousin');
    expect(relationBetween(index, 'p', 's2')?.label).toBe('your aunt');
  });

  it('names two blood ties through two lines (pedigree collapse)', () => {
    // p and q are first cousins through g and h; p's mother's grandfather k is q's mother's father.
    const graph = family('g:m h:f k:m m:f px:m pm:f qy:m qw:f p:f q:m', [
      'px < g h',
      'qy < g h',
      'm < k',
      'pm < m',
      'qw < k',
      'p < px pm',
      'q < qy qw',
    ]);
    const index = indexFamily(graph);
    expect(relationBetween(index, 'p', 'q')?.labels).toEqual(['your first cousin', 'your first cousin once removed']);
    expect(relationBetween(index, 'p', 'q')?.label).toBe('your first cousin and your first cousin once removed');
  });

  it('ends on bad data: cycles of parents, links to unknown people, a parent of themselves', () => {
    const graph = family(
      'a:f b:m c:f d:m',
      ['a < b', 'b < c', 'c < a', 'a < a', 'd < ghost', 'd < c'],
      [married('a', 'b'), married('b', 'a'), married('c', 'ghost'), married('d', 'd')],
    );
    const index = indexFamily(graph);
    for (const viewer of ['a', 'b', 'c', 'd']) {
      for (const target of ['a', 'b', 'c', 'd']) expect(typeof relationBetween(index, viewer, target)?.label).toBe('string');
    }
    expect(relationBetween(index, 'a', 'b')?.labels).toContain('your father');
  });

  it('names every pair of a random graph full of bad data without failing', () => {
    // A seeded generator: the same graph every run.
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const ids = Array.from({ length: 300 }, (_, i) => `p${i}`);
    const types = ['birth', 'birth', 'adoptive', 'step', 'foster'] as const;
    const graph: FamilyGraph = {
      persons: ids.map((id, i) => ({ id, sex: (['female', 'male', 'other', null] as const)[i % 4] })),
      parents: Array.from({ length: 600 }, () => ({ childId: `p${random(300)}`, parentId: `p${random(310)}`, type: types[random(5)]! })),
      partners: Array.from({ length: 150 }, () => ({
        a: `p${random(300)}`,
        b: `p${random(300)}`,
        status: random(2) ? ('current' as const) : ('ended' as const),
        kind: random(2) ? ('married' as const) : ('partners' as const),
        endedBy: random(2) ? ('death' as const) : null,
      })),
    };
    const index = indexFamily(graph);
    let related = 0;
    for (const viewer of ids.slice(0, 25)) {
      for (const target of ids.slice(0, 25)) {
        const relation = relationBetween(index, viewer, target);
        if (!relation) continue;
        related++;
        expect(relation.label).toMatch(/^you(r \S.*)?$/);
        expect(relation.labels.length).toBeGreaterThan(0);
        expect(relation.path.at(-1)?.personId ?? viewer).toBe(target);
      }
    }
    expect(related).toBeGreaterThan(25);
  });

  it('names relations in a family of 5,000 people', () => {
    // A founding couple; every person of a generation marries someone from outside and has three children,
    // until there are 5,000 people. Person "n.i" is the i-th of generation n.
    const people: Record<string, 'f' | 'm'> = { '0.0': 'm', spouse: 'f' };
    const parents: string[] = [];
    const couples: PartnerLink[] = [married('0.0', 'spouse')];
    let generation = ['0.0'];
    let count = 2;
    for (let n = 1; count < 5000; n++) {
      const next: string[] = [];
      generation.forEach((parent, p) => {
        const spouse = `${parent}-spouse`;
        if (n > 1 && count < 5000) {
          people[spouse] = people[parent] === 'm' ? 'f' : 'm';
          couples.push(married(parent, spouse));
          count++;
        }
        for (let c = 0; c < 3 && count < 5000; c++) {
          const child = `${n}.${p * 3 + c}`;
          people[child] = c % 2 === 0 ? 'f' : 'm';
          parents.push(`${child} < ${parent} ${n > 1 ? spouse : 'spouse'}`);
          next.push(child);
          count++;
        }
      });
      generation = next;
    }
    const graph = family(
      Object.entries(people)
        .map(([id, sex]) => `${id}:${sex}`)
        .join(' '),
      parents,
      couples,
    );
    const index = indexFamily(graph);
    expect(graph.persons.length).toBe(5000);
    // 6.0 descends from 1.0 and 6.243 from 1.1: they first meet at the founders, fifth cousins.
    expect(relationBetween(index, '6.0', '6.243')?.label).toBe('your fifth cousin');
    expect(relationBetween(index, '6.0', '6.242')?.label).toBe('your fourth cousin');
    expect(relationBetween(index, '6.0', '0.0')?.label).toBe('your great-great-great-great-grandfather');
    expect(relationBetween(index, '6.0', '6.1')?.label).toBe('your brother');
    expect(relationBetween(index, '6.0', '5.3')?.label).toBe('your first cousin once removed');
    expect(relationBetween(index, '6.1', '5.0-spouse')?.label).toBe('your father');
    expect(relationBetween(index, '6.1', '5.1-spouse')?.label).toBe('your aunt');
    expect(relationBetween(index, '6.1', '4.0-spouse')?.label).toBe('your grandfather');
  });
});
