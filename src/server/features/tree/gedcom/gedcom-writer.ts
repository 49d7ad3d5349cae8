// A dataset to a GEDCOM file, 7.0 or 5.5.1 (decision 061): UTF-8, line breaks as CONT, 5.5.1 lines cut with CONC
// well below 255 characters, @ doubled as each version asks. Families are rebuilt from the links: a couple with
// the children they have together, and one family per parent for the children they have with no partner here.
import type { GedcomDataset, GedcomPerson, GedcomRelation } from './gedcom-dataset';
import { writeGedcomDate } from './gedcom-dates';

export type GedcomVersion = '7.0' | '5.5.1';

/** 5.5.1 allows 255 characters a line; a chunk this long leaves room for level, tag and a multi-byte tail. */
const CONC_CHUNK = 200;

type Parent = Extract<GedcomRelation, { kind: 'parent' }>;
type Partner = Extract<GedcomRelation, { kind: 'partner' }>;

interface Family {
  id: string;
  husband: string | null;
  wife: string | null;
  partnership: Partner | null;
  children: { ref: string; father?: Parent['type']; mother?: Parent['type'] }[];
}

const PEDI_551: Record<Parent['type'], string | null> = { birth: 'birth', adoptive: 'adopted', foster: 'foster', step: null };
const PEDI_70: Record<Parent['type'], string> = { birth: 'BIRTH', adoptive: 'ADOPTED', foster: 'FOSTER', step: 'OTHER' };
const FREL: Record<Parent['type'], string> = { birth: 'Natural', adoptive: 'Adopted', foster: 'Foster', step: 'Step' };
const END_EVENT: Record<'separation' | 'death', string> = { separation: 'Separation', death: 'Widowed' };

class Lines {
  readonly out: string[] = [];
  constructor(private readonly version: GedcomVersion) {}

  private escape(value: string): string {
    return this.version === '7.0' ? value.replace(/^@/, '@@') : value.replace(/@/g, '@@');
  }

  pointer(level: number, tag: string, ref: string) {
    this.out.push(`${level} ${tag} @${ref}@`);
  }

  record(ref: string, tag: string) {
    this.out.push(`0 @${ref}@ ${tag}`);
  }

  /** A tag and its text: line breaks as CONT, and in 5.5.1 long lines cut with CONC (never beside a space). */
  add(level: number, tag: string, value = '') {
    const [head = '', ...rest] = value.replace(/\r\n?/g, '\n').split('\n');
    this.push(level, tag, this.escape(head), level + 1);
    for (const line of rest) this.push(level + 1, 'CONT', this.escape(line), level + 1);
  }

  /** CONC continues the tag's value, so it sits one level below the tag, as the CONT lines do. */
  private push(level: number, tag: string, value: string, concLevel: number) {
    const chunks = this.version === '5.5.1' ? cut(value) : [value];
    this.out.push(chunks[0] ? `${level} ${tag} ${chunks[0]}` : `${level} ${tag}`);
    for (const chunk of chunks.slice(1)) this.out.push(`${concLevel} CONC ${chunk}`);
  }
}

function cut(value: string): string[] {
  const chunks: string[] = [];
  let rest = value;
  while (rest.length > CONC_CHUNK) {
    let at = CONC_CHUNK;
    // not inside a surrogate pair, and not next to a space, which some readers trim
    while (at > 1 && (/\s/.test(rest[at - 1]!) || /\s/.test(rest[at]!) || /[\udc00-\udfff]/.test(rest[at]!))) at--;
    if (at <= 1) at = CONC_CHUNK;
    chunks.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  chunks.push(rest);
  return chunks;
}

function buildFamilies(dataset: GedcomDataset): Family[] {
  const sexOf = new Map(dataset.persons.map((p) => [p.ref, p.sex]));
  const families: Family[] = [];
  const couples = new Map<string, Family>();
  const singles = new Map<string, Family>();
  const coupleKey = (a: string, b: string) => [a, b].sort().join('\u0000');
  const add = (husband: string | null, wife: string | null, partnership: Partner | null) => {
    const family: Family = { id: `F${families.length + 1}`, husband, wife, partnership, children: [] };
    families.push(family);
    return family;
  };
  for (const rel of dataset.relations) {
    if (rel.kind !== 'partner') continue;
    // HUSB is the man where one partner is a man and the other not; GEDCOM 7 allows either sex in either place
    const fromFirst = sexOf.get(rel.fromRef) === 'male' || sexOf.get(rel.toRef) === 'female' || sexOf.get(rel.toRef) !== 'male';
    const [husband, wife] = fromFirst ? [rel.fromRef, rel.toRef] : [rel.toRef, rel.fromRef];
    couples.set(coupleKey(rel.fromRef, rel.toRef), add(husband, wife, rel));
  }
  const parentsOf = new Map<string, Parent[]>();
  for (const rel of dataset.relations) {
    if (rel.kind !== 'parent') continue;
    parentsOf.set(rel.toRef, [...(parentsOf.get(rel.toRef) ?? []), rel]);
  }
  for (const [child, parents] of parentsOf) {
    const placed = new Set<string>();
    for (let i = 0; i < parents.length; i++) {
      for (let j = i + 1; j < parents.length; j++) {
        const a = parents[i]!;
        const b = parents[j]!;
        if (placed.has(a.fromRef) || placed.has(b.fromRef)) continue;
        const family = couples.get(coupleKey(a.fromRef, b.fromRef));
        if (!family) continue;
        const typeOf = (ref: string | null) => (ref === a.fromRef ? a.type : b.type);
        family.children.push({ ref: child, father: typeOf(family.husband), mother: typeOf(family.wife) });
        placed.add(a.fromRef).add(b.fromRef);
      }
    }
    for (const parent of parents) {
      if (placed.has(parent.fromRef)) continue;
      let family = singles.get(parent.fromRef);
      if (!family) {
        const asWife = sexOf.get(parent.fromRef) === 'female';
        family = add(asWife ? null : parent.fromRef, asWife ? parent.fromRef : null, null);
        singles.set(parent.fromRef, family);
      }
      family.children.push(family.husband ? { ref: child, father: parent.type } : { ref: child, mother: parent.type });
    }
  }
  return families;
}

const SEX: Record<GedcomPerson['sex'], string> = { male: 'M', female: 'F', other: 'X', unknown: 'U' };

function writeEvent(
  lines: Lines,
  version: GedcomVersion,
  tag: string,
  event: { date: string | null; place: string | null } | null,
  type?: string,
) {
  if (!event) return;
  const empty = !event.date && !event.place && !type;
  lines.add(1, tag, empty && tag !== 'EVEN' ? 'Y' : '');
  if (type) lines.add(2, 'TYPE', type);
  if (event.date) {
    const date = writeGedcomDate(event.date, version);
    lines.add(2, 'DATE', date.value);
    if (date.phrase) lines.add(3, 'PHRASE', date.phrase);
  }
  if (event.place) lines.add(2, 'PLAC', event.place);
}

function writePerson(lines: Lines, version: GedcomVersion, person: GedcomPerson, families: Family[]) {
  lines.record(person.ref, 'INDI');
  const name = (surname: string) => `${person.givenNames} /${surname}/`.trim();
  lines.add(1, 'NAME', name(person.surname));
  if (person.givenNames) lines.add(2, 'GIVN', person.givenNames);
  if (person.surname) lines.add(2, 'SURN', person.surname);
  if (person.birthSurname) {
    lines.add(2, 'TYPE', version === '7.0' ? 'MARRIED' : 'married');
    lines.add(1, 'NAME', name(person.birthSurname));
    if (person.givenNames) lines.add(2, 'GIVN', person.givenNames);
    lines.add(2, 'SURN', person.birthSurname);
    lines.add(2, 'TYPE', version === '7.0' ? 'BIRTH' : 'birth');
  }
  lines.add(1, 'SEX', SEX[person.sex]);
  if (person.gender) {
    lines.add(1, 'FACT', person.gender);
    lines.add(2, 'TYPE', 'Gender');
  }
  writeEvent(lines, version, 'BIRT', person.birth);
  writeEvent(lines, version, 'DEAT', person.death);
  for (const family of families) {
    const child = family.children.find((c) => c.ref === person.ref);
    if (!child) continue;
    lines.pointer(1, 'FAMC', family.id);
    const types = [child.father, child.mother].filter((t) => t !== undefined);
    const type = types.every((t) => t === types[0]) ? types[0] : undefined;
    if (!type || type === 'birth') continue;
    if (version === '7.0') {
      lines.add(2, 'PEDI', PEDI_70[type]);
      if (type === 'step') lines.add(3, 'PHRASE', 'Step');
    } else if (PEDI_551[type]) lines.add(2, 'PEDI', PEDI_551[type]);
  }
  for (const family of families) if (family.husband === person.ref || family.wife === person.ref) lines.pointer(1, 'FAMS', family.id);
  if (person.note) lines.add(1, 'NOTE', person.note);
}

function writeFamily(lines: Lines, version: GedcomVersion, family: Family) {
  lines.record(family.id, 'FAM');
  if (family.husband) lines.pointer(1, 'HUSB', family.husband);
  if (family.wife) lines.pointer(1, 'WIFE', family.wife);
  for (const child of family.children) {
    lines.pointer(1, 'CHIL', child.ref);
    // Ancestry's words for how each parent is a parent; Gramps and most programs read them
    if (child.father && child.father !== 'birth') lines.add(2, '_FREL', FREL[child.father]);
    if (child.mother && child.mother !== 'birth') lines.add(2, '_MREL', FREL[child.mother]);
  }
  const p = family.partnership;
  if (!p) return;
  const event = (date: string | null) => ({ date, place: null });
  if (p.type === 'married') writeEvent(lines, version, 'MARR', event(p.start));
  else writeEvent(lines, version, 'EVEN', event(p.start), 'Partnership');
  if (p.endReason === 'divorce') writeEvent(lines, version, 'DIV', event(p.end));
  else if (p.endReason) writeEvent(lines, version, 'EVEN', event(p.end), END_EVENT[p.endReason]);
  else if (p.end) writeEvent(lines, version, 'EVEN', event(p.end), 'Partnership ended');
}

export interface WriteOptions {
  version: GedcomVersion;
  /** The submitter's name (5.5.1 requires one). */
  submitter: string;
  /** YYYY-MM-DD for the header's DATE. */
  today: Date;
}

export function writeGedcom(dataset: Pick<GedcomDataset, 'persons' | 'relations'>, options: WriteOptions): string {
  const { version } = options;
  const lines = new Lines(version);
  const families = buildFamilies({ ...dataset, report: [] });
  lines.add(0, 'HEAD');
  if (version === '7.0') {
    lines.add(1, 'GEDC');
    lines.add(2, 'VERS', '7.0');
  }
  lines.add(1, 'SOUR', 'heirloom');
  lines.add(2, 'NAME', 'heirloom');
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const d = options.today;
  lines.add(1, 'DATE', `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  lines.pointer(1, 'SUBM', 'U1');
  if (version === '5.5.1') {
    lines.add(1, 'GEDC');
    lines.add(2, 'VERS', '5.5.1');
    lines.add(2, 'FORM', 'LINEAGE-LINKED');
    lines.add(1, 'CHAR', 'UTF-8');
  }
  for (const person of dataset.persons) writePerson(lines, version, person, families);
  for (const family of families) writeFamily(lines, version, family);
  lines.record('U1', 'SUBM');
  lines.add(1, 'NAME', options.submitter || 'heirloom');
  lines.add(0, 'TRLR');
  // 7.0 has no CHAR (UTF-8 is the only one): the byte-order mark it allows tells older readers such as Gramps 5
  return `${version === '7.0' ? '\uFEFF' : ''}${lines.out.join('\n')}\n`;
}
