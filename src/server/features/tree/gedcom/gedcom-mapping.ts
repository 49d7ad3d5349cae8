// GEDCOM records to persons and links (decision 061). Pointers are looked up in maps, so a cycle in the file is
// only two links; a link that would make someone their own ancestor, a third birth parent or a pointer to a record
// that is not in the file is left out with a line in the report.
import { MAX_SHORT_TEXT_LENGTH } from '@shared/limits';
import { TREE_NOTE_MAX_LENGTH, type TreeSex } from '@shared/schemas/tree';
import type { GedcomDataset, GedcomEvent, GedcomPerson, GedcomRelation, ReportLine } from './gedcom-dataset';
import { readGedcomDate } from './gedcom-dates';
import type { GedcomNode } from './line-reader';

type ParentType = 'birth' | 'adoptive' | 'step' | 'foster';

const POINTER = /^@([^@\s][^@]*)@$/;
const VOID = 'VOID';

const first = (node: GedcomNode, tag: string) => node.children.find((c) => c.tag === tag);
const all = (node: GedcomNode, tag: string) => node.children.filter((c) => c.tag === tag);
const pointerOf = (value: string) => POINTER.exec(value.trim())?.[1] ?? null;

class Context {
  readonly report: ReportLine[] = [];
  readonly notes = new Map<string, string>();
  constructor(readonly version: '7.0' | '5.5.1') {}

  warn(line: number, message: string) {
    this.report.push({ line, message });
  }

  /** A payload without GEDCOM's @ escapes: every @@ in 5.5.1, only a leading one in 7.0. */
  text(value: string): string {
    return this.version === '7.0' ? value.replace(/^@@/, '@') : value.replace(/@@/g, '@');
  }

  short(node: GedcomNode, value: string, what: string): string {
    const text = this.text(value).trim();
    if (text.length <= MAX_SHORT_TEXT_LENGTH) return text;
    this.warn(node.line, `${what} was cut to ${MAX_SHORT_TEXT_LENGTH} characters.`);
    return text.slice(0, MAX_SHORT_TEXT_LENGTH);
  }
}

function parseNameValue(value: string): { given: string; surname: string } {
  const match = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(value);
  if (!match) return { given: value.trim(), surname: '' };
  const given = `${match[1]!.trim()} ${match[3]!.trim()}`.trim();
  return { given, surname: match[2]!.trim() };
}

function readEvent(ctx: Context, node: GedcomNode | undefined): GedcomEvent | null {
  if (!node) return null;
  const dateNode = first(node, 'DATE');
  let date: string | null = null;
  if (dateNode) {
    const read = readGedcomDate(ctx.text(dateNode.value), first(dateNode, 'PHRASE')?.value);
    if (read.warning) ctx.warn(dateNode.line, read.warning);
    date = read.date;
  }
  const placeNode = first(node, 'PLAC');
  const place = placeNode ? ctx.short(placeNode, placeNode.value, 'A place') || null : null;
  return { date, place };
}

function readNotes(ctx: Context, node: GedcomNode): string | null {
  const parts: string[] = [];
  for (const child of node.children) {
    if (child.tag !== 'NOTE' && child.tag !== 'SNOTE') continue;
    const pointer = pointerOf(child.value);
    if (pointer === VOID) continue;
    if (pointer) {
      const text = ctx.notes.get(pointer);
      if (text === undefined) ctx.warn(child.line, `A note points to @${pointer}@, which is not in the file.`);
      else if (text.trim()) parts.push(text.trim());
    } else if (child.value.trim()) parts.push(ctx.text(child.value).trim());
  }
  if (parts.length === 0) return null;
  const note = parts.join('\n\n');
  if (note.length <= TREE_NOTE_MAX_LENGTH) return note;
  ctx.warn(node.line, `A note was cut to ${TREE_NOTE_MAX_LENGTH} characters.`);
  return note.slice(0, TREE_NOTE_MAX_LENGTH);
}

const SEXES: Record<string, TreeSex> = { M: 'male', F: 'female', X: 'other', U: 'unknown' };

/** Married and birth names as Gramps (NAME + TYPE), Ancestry and MyHeritage (_MARNM), and others (_BIRTHNAME…) write them. */
function readNames(ctx: Context, indi: GedcomNode) {
  let birth: { given: string; surname: string } | undefined;
  let married: string | undefined;
  let other: { given: string; surname: string } | undefined;
  for (const name of all(indi, 'NAME')) {
    const parsed = parseNameValue(ctx.text(name.value));
    const givn = first(name, 'GIVN');
    const surn = first(name, 'SURN');
    if (givn?.value.trim()) parsed.given = ctx.text(givn.value).trim();
    if (surn?.value.trim()) parsed.surname = ctx.text(surn.value).trim();
    const type = (first(name, 'TYPE')?.value ?? '').trim().toLowerCase();
    const marnm = first(name, '_MARNM');
    if (marnm?.value.trim() && married === undefined) married = parseMarried(ctx.text(marnm.value));
    if (type === 'married') {
      married ??= parsed.surname;
      other ??= parsed;
    } else if (type === 'birth' || type === 'maiden') birth ??= parsed;
    else other ??= parsed;
  }
  for (const tag of ['_MARNM', '_MARRIED_NAME']) {
    const node = first(indi, tag);
    if (node?.value.trim() && married === undefined) married = parseMarried(ctx.text(node.value));
  }
  let birthSurname: string | undefined;
  for (const tag of ['_BIRTHNAME', '_BIRTH_NAME', '_MAIDENNAME', '_MAIDEN']) {
    const node = first(indi, tag);
    if (node?.value.trim()) birthSurname ??= parseMarried(ctx.text(node.value));
  }
  const main = birth ?? other ?? { given: '', surname: '' };
  birthSurname ??= birth?.surname ?? (married !== undefined ? main.surname : undefined);
  const surname = married ?? main.surname;
  return {
    givenNames: main.given,
    surname,
    birthSurname: birthSurname && birthSurname !== surname ? birthSurname : null,
  };
}

/** "Mary /Smith/" or "Smith". */
function parseMarried(value: string): string {
  return value.includes('/') ? parseNameValue(value).surname : value.trim();
}

function readPerson(ctx: Context, indi: GedcomNode): GedcomPerson {
  const names = readNames(ctx, indi);
  const sexValue = (first(indi, 'SEX')?.value ?? '').trim().toUpperCase().slice(0, 1);
  const death = readEvent(ctx, first(indi, 'DEAT'));
  let deathOrBurial = death;
  const burial = first(indi, 'BURI') ?? first(indi, 'CREM');
  if (!death && burial) {
    // a burial says the person died; its date is a limit for the death, its place is not where they died
    const event = readEvent(ctx, burial);
    const date = event?.date && /^\d{1,4}(-\d{2}){0,2}$/.test(event.date) ? `before ${event.date}` : null;
    deathOrBurial = { date, place: null };
  }
  const genderFact = all(indi, 'FACT').find((f) => /^gender$/i.test(first(f, 'TYPE')?.value.trim() ?? ''));
  return {
    ref: indi.xref!,
    givenNames: ctx.short(indi, names.givenNames, 'A name'),
    surname: ctx.short(indi, names.surname, 'A surname'),
    birthSurname: names.birthSurname ? ctx.short(indi, names.birthSurname, 'A surname') : null,
    sex: SEXES[sexValue] ?? 'unknown',
    gender: genderFact?.value.trim() ? ctx.short(genderFact, genderFact.value, 'A gender') : null,
    birth: readEvent(ctx, first(indi, 'BIRT')),
    death: deathOrBurial,
    note: readNotes(ctx, indi),
  };
}

/** PEDI (5.5.1 words, 7.0 enumeration with a PHRASE) and Ancestry's and MyHeritage's _FREL/_MREL words. */
function parentType(value: string | undefined, phrase?: string): ParentType | undefined {
  const word = (value ?? '').trim().toLowerCase();
  if (!word) return undefined;
  if (word === 'birth' || word === 'natural' || word === 'biological') return 'birth';
  if (word.startsWith('adopt')) return 'adoptive';
  if (word.startsWith('foster')) return 'foster';
  if (word.startsWith('step')) return 'step';
  if (word === 'other' && phrase && /step/i.test(phrase)) return 'step';
  return undefined;
}

interface Family {
  node: GedcomNode;
  husband: string | null;
  wife: string | null;
  children: Map<string, { line: number; father?: ParentType; mother?: ParentType }>;
}

function resolve(ctx: Context, persons: Map<string, GedcomPerson>, node: GedcomNode | undefined): string | null {
  if (!node) return null;
  const ref = pointerOf(node.value);
  if (ref === VOID) return null;
  if (!ref) {
    if (node.value.trim()) ctx.warn(node.line, `${node.tag} is not a pointer to a person.`);
    return null;
  }
  if (!persons.has(ref)) {
    ctx.warn(node.line, `${node.tag} points to @${ref}@, which is not a person in the file.`);
    return null;
  }
  return ref;
}

function readFamilies(ctx: Context, records: GedcomNode[], persons: Map<string, GedcomPerson>, indis: GedcomNode[]) {
  const families = new Map<string, Family>();
  for (const fam of records) {
    if (fam.tag !== 'FAM' || !fam.xref) continue;
    const family: Family = {
      node: fam,
      husband: resolve(ctx, persons, first(fam, 'HUSB')),
      wife: resolve(ctx, persons, first(fam, 'WIFE')),
      children: new Map(),
    };
    for (const chil of all(fam, 'CHIL')) {
      const ref = resolve(ctx, persons, chil);
      if (!ref) continue;
      family.children.set(ref, {
        line: chil.line,
        father: parentType(first(chil, '_FREL')?.value),
        mother: parentType(first(chil, '_MREL')?.value),
      });
    }
    families.set(fam.xref, family);
  }
  // a child may be named only on their own side (FAMC), with PEDI saying how they belong to the family
  for (const indi of indis) {
    for (const famc of all(indi, 'FAMC')) {
      const ref = pointerOf(famc.value);
      if (!ref || ref === VOID) continue;
      const family = families.get(ref);
      if (!family) {
        ctx.warn(famc.line, `FAMC points to @${ref}@, which is not a family in the file.`);
        continue;
      }
      const pedi = first(famc, 'PEDI');
      const type = parentType(pedi?.value, pedi ? first(pedi, 'PHRASE')?.value : undefined);
      const child = family.children.get(indi.xref!) ?? { line: famc.line };
      // Gramps writes _FREL/_MREL here, under the child's FAMC, rather than under the family's CHIL
      child.father ??= parentType(first(famc, '_FREL')?.value) ?? type;
      child.mother ??= parentType(first(famc, '_MREL')?.value) ?? type;
      family.children.set(indi.xref!, child);
    }
  }
  return families;
}

function partnership(ctx: Context, fam: GedcomNode): Omit<Extract<GedcomRelation, { kind: 'partner' }>, 'fromRef' | 'toRef' | 'kind'> {
  const marr = first(fam, 'MARR');
  const div = first(fam, 'DIV') ?? first(fam, 'ANUL');
  const events = all(fam, 'EVEN').map((e) => ({ type: (first(e, 'TYPE')?.value ?? '').trim().toLowerCase(), node: e }));
  const status = (first(fam, '_STAT')?.value ?? '').trim().toLowerCase();
  const together = events.find((e) => /partner|union|cohabit/.test(e.type) && !/end/.test(e.type));
  const unmarried = !marr && (together !== undefined || /not married|unmarried|partner/.test(status));
  const start = readEvent(ctx, marr ?? together?.node)?.date ?? null;
  let end: string | null = null;
  let endReason: 'divorce' | 'separation' | 'death' | null = null;
  if (div) {
    end = readEvent(ctx, div)?.date ?? null;
    endReason = 'divorce';
  } else {
    const ended = events.find((e) => /separat|widow|death|end/.test(e.type));
    if (ended) {
      end = readEvent(ctx, ended.node)?.date ?? null;
      endReason = /separat/.test(ended.type) ? 'separation' : /widow|death/.test(ended.type) ? 'death' : null;
    }
  }
  return { type: unmarried ? 'partners' : 'married', start, end, endReason };
}

/** Adds parent links one by one, refusing a third birth parent and a link that closes a circle of ancestors. */
class ParentLinks {
  private readonly parentsOf = new Map<string, { ref: string; type: ParentType }[]>();
  readonly relations: GedcomRelation[] = [];
  constructor(
    private readonly ctx: Context,
    private readonly name: (ref: string) => string,
  ) {}

  private isAncestor(candidate: string, of: string): boolean {
    const seen = new Set<string>([of]);
    const queue = [of];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (next === candidate) return true;
      for (const p of this.parentsOf.get(next) ?? []) {
        if (!seen.has(p.ref)) {
          seen.add(p.ref);
          queue.push(p.ref);
        }
      }
    }
    return false;
  }

  add(parent: string, child: string, type: ParentType, line: number) {
    const parents = this.parentsOf.get(child) ?? [];
    if (parents.some((p) => p.ref === parent)) return;
    if (parent === child) return this.ctx.warn(line, `${this.name(child)} cannot be their own parent; the link was left out.`);
    if (this.isAncestor(child, parent))
      return this.ctx.warn(line, `${this.name(child)} would be their own ancestor through ${this.name(parent)}; the link was left out.`);
    if (type === 'birth' && parents.filter((p) => p.type === 'birth').length >= 2)
      return this.ctx.warn(line, `${this.name(child)} already has two birth parents; ${this.name(parent)} was left out.`);
    parents.push({ ref: parent, type });
    this.parentsOf.set(child, parents);
    this.relations.push({ kind: 'parent', fromRef: parent, toRef: child, type });
  }
}

function versionOf(records: GedcomNode[]): '7.0' | '5.5.1' {
  const head = records.find((r) => r.tag === 'HEAD');
  const vers = head && first(head, 'GEDC') && first(first(head, 'GEDC')!, 'VERS')?.value.trim();
  return vers?.startsWith('7') ? '7.0' : '5.5.1';
}

export function mapGedcom(records: GedcomNode[], report: ReportLine[] = []): GedcomDataset {
  const ctx = new Context(versionOf(records));
  ctx.report.push(...report);
  if (records[0]?.tag !== 'HEAD') ctx.warn(records[0]?.line ?? 0, 'The file does not begin with a header (0 HEAD).');
  for (const record of records) {
    if ((record.tag === 'NOTE' || record.tag === 'SNOTE') && record.xref) ctx.notes.set(record.xref, ctx.text(record.value));
  }
  const persons = new Map<string, GedcomPerson>();
  const indis: GedcomNode[] = [];
  for (const record of records) {
    if (record.tag !== 'INDI') continue;
    if (!record.xref) {
      ctx.warn(record.line, 'A person without a record id was left out.');
      continue;
    }
    if (persons.has(record.xref)) {
      ctx.warn(record.line, `A second person with the id @${record.xref}@ was left out.`);
      continue;
    }
    persons.set(record.xref, readPerson(ctx, record));
    indis.push(record);
  }
  const name = (ref: string) => {
    const p = persons.get(ref);
    const full = p ? `${p.givenNames} ${p.surname}`.trim() : '';
    return full ? `${full} (@${ref}@)` : `@${ref}@`;
  };
  const links = new ParentLinks(ctx, name);
  const partners: GedcomRelation[] = [];
  const pairs = new Set<string>();
  for (const family of readFamilies(ctx, records, persons, indis).values()) {
    const { husband, wife } = family;
    if (husband && wife && husband !== wife) {
      const key = [husband, wife].sort().join('\u0000');
      if (!pairs.has(key)) {
        pairs.add(key);
        partners.push({ kind: 'partner', fromRef: husband, toRef: wife, ...partnership(ctx, family.node) });
      }
    } else if (husband && husband === wife) ctx.warn(family.node.line, `${name(husband)} cannot be their own partner.`);
    for (const [child, how] of family.children) {
      if (husband) links.add(husband, child, how.father ?? 'birth', how.line);
      if (wife && wife !== husband) links.add(wife, child, how.mother ?? 'birth', how.line);
    }
  }
  return { persons: [...persons.values()], relations: [...links.relations, ...partners], report: ctx.report };
}
