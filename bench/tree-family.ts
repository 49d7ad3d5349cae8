// A made-up family of a real family's size for npm run bench:tree: founders, then generation after generation of
// couples (one partner from outside the family) with two to four children, names and dates as records have them
// (exact, a year, "c."), a few second marriages. The same seed gives the same family.

export interface BenchPerson {
  ref: string;
  givenNames: string;
  surname: string;
  sex: 'female' | 'male';
  birth: string;
  death: string | null;
  generation: number;
}

export interface BenchFamily {
  persons: BenchPerson[];
  /** `parent` is a parent of `child`. */
  parents: { parent: string; child: string }[];
  partners: { a: string; b: string; start: string | null }[];
  /** A person in the youngest adult generation, whose tree this is. */
  ownerRef: string;
}

const GIVEN = {
  female: ['Rose', 'Anna', 'Mary', 'Elizabeth', 'Clara', 'Ida', 'Grace', 'Helen', 'Margaret', 'Alice', 'Ruth', 'Edith'],
  male: ['Jack', 'John', 'William', 'Henry', 'George', 'Thomas', 'Arthur', 'Walter', 'Frank', 'Albert', 'Louis', 'Paul'],
};
const SURNAMES = ['Martin', 'Moreau', 'Schmidt', 'Novak', 'Kowalski', 'Rossi', 'Jensen', 'Byrne', 'Silva', 'Haddad', 'Dubois', 'Weber'];

/** A small deterministic generator (mulberry32), so every run builds the same family. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FamilyShape {
  /** Founding couples' first persons; one founder makes a family that is all one founder's descendants. */
  founders?: number;
  /** Children of a couple: from `minChildren` to `maxChildren`. */
  minChildren?: number;
  maxChildren?: number;
  seed?: number;
}

export function makeFamily(size: number, { founders = 4, minChildren = 2, maxChildren = 4, seed = 1 }: FamilyShape = {}): BenchFamily {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const persons: BenchPerson[] = [];
  const parents: BenchFamily['parents'] = [];
  const partners: BenchFamily['partners'] = [];

  const date = (year: number) => {
    const r = next();
    if (r < 0.5)
      return `${year}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`;
    if (r < 0.85) return String(year);
    return `c. ${year}`;
  };
  const add = (sex: 'female' | 'male', surname: string, year: number, generation: number) => {
    const person: BenchPerson = {
      ref: `I${persons.length + 1}`,
      givenNames: `${pick(GIVEN[sex])} ${pick(GIVEN[sex])}`,
      surname,
      sex,
      birth: date(year),
      death: year < 1940 ? date(year + 50 + Math.floor(next() * 40)) : null,
      generation,
    };
    persons.push(person);
    return person;
  };

  // founder couples in the 1700s; each generation is about 28 years
  let generation: BenchPerson[] = [];
  for (let i = 0; i < founders; i++) generation.push(add(i % 2 ? 'female' : 'male', SURNAMES[i % SURNAMES.length]!, 1740 + i, 0));
  let g = 0;
  while (persons.length < size) {
    const children: BenchPerson[] = [];
    for (const person of generation) {
      if (persons.length >= size) break;
      const partner = add(person.sex === 'male' ? 'female' : 'male', pick(SURNAMES), Number(person.birth.match(/\d{4}/)![0]) + 1, g);
      const start = next() < 0.6 ? date(Number(partner.birth.match(/\d{4}/)![0]) + 24) : null;
      partners.push({ a: person.ref, b: partner.ref, start });
      const familyName = person.sex === 'male' ? person.surname : partner.surname;
      const count = minChildren + Math.floor(next() * (maxChildren - minChildren + 1));
      for (let c = 0; c < count && persons.length < size; c++) {
        const child = add(next() < 0.5 ? 'female' : 'male', familyName, Number(person.birth.match(/\d{4}/)![0]) + 24 + c * 2, g + 1);
        parents.push({ parent: person.ref, child: child.ref }, { parent: partner.ref, child: child.ref });
        children.push(child);
      }
    }
    generation = children;
    g++;
  }
  const adults = persons.filter((p) => p.generation === Math.max(0, g - 2));
  return { persons, parents, partners, ownerRef: adults[Math.floor(adults.length / 2)]!.ref };
}
