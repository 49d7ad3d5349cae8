// @vitest-environment node
// cn() merges classes with a tailwind-merge made only from the class groups heirloom's classes use (decision 089).
// These tests hold it equal to the full twMerge (tailwind-merge's whole default config) on every class that appears
// in src/web: each class alone, every ordered pair of classes, and the overrides at real call sites. When one fails
// after a new kind of class was added, copy that class's group (and its conflicts) from tailwind-merge's default
// config into tailwind-merge-config.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from './cn';
import { mergeClasses } from './tailwind-merge-config';

const WEB = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    // tailwind-merge-config.ts names class groups in its strings, not classes
    const wanted = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'tailwind-merge-config.ts';
    return wanted ? [file] : [];
  });
}

const sources = sourceFiles(WEB).map((file) =>
  ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  ),
);

function visit(node: ts.Node, callback: (node: ts.Node) => void) {
  callback(node);
  node.forEachChild((child) => visit(child, callback));
}

/** Every whitespace-separated token of every string literal (and template part) in the web app's sources. */
function tokensOfStrings(): Set<string> {
  const tokens = new Set<string>();
  for (const source of sources) {
    visit(source, (node) => {
      if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateLiteralToken(node)) return;
      // a token that touches a ${…} is only part of a word, so it is left out
      const cutStart = ts.isTemplateMiddle(node) || ts.isTemplateTail(node);
      const cutEnd = ts.isTemplateHead(node) || ts.isTemplateMiddle(node);
      const parts = node.text.split(/\s+/);
      parts.forEach((token, i) => {
        if (token === '' || (i === 0 && cutStart) || (i === parts.length - 1 && cutEnd)) return;
        tokens.add(token);
      });
    });
  }
  return tokens;
}

// Markup in strings (an inline SVG's stroke-width="1.5") is no class: a class has = " ' < > only inside [] or ().
const isMarkup = (token: string) => /["'<>=]/.test(token.replace(/\[[^\]]*\]|\([^)]*\)/g, ''));
const tokens = [...tokensOfStrings()].filter((token) => !isMarkup(token)).sort();
// A class tailwind-merge knows collapses when given twice; any other word is kept twice. That tells the app's
// classes from the other words in its strings (labels, ids, URLs…) without a list of Tailwind's prefixes.
const classes = tokens.filter((token) => twMerge(`${token} ${token}`) === token);
const otherWords = tokens.filter((token) => twMerge(`${token} ${token}`) !== token);

describe("cn's class merging equals tailwind-merge's full twMerge on heirloom's classes", () => {
  it('finds the classes in the sources', () => {
    expect(classes.length).toBeGreaterThan(500);
    for (const known of ['px-4', 'hover:bg-primary/90', 'text-sm', 'sm:grid-cols-2', 'focus-visible:ring-2'])
      expect(classes).toContain(known);
  });

  it('keeps each class alone unchanged, and collapses it when given twice', () => {
    const differing = classes.filter((c) => mergeClasses(c) !== c || mergeClasses(`${c} ${c}`) !== c);
    expect(differing).toEqual([]);
  });

  it('takes the other words of the sources for no class either', () => {
    const differing = otherWords.filter((word) => mergeClasses(`${word} ${word}`) !== twMerge(`${word} ${word}`));
    expect(differing).toEqual([]);
  });

  // In a merge, a class is dropped exactly when a later class that was kept overrides it, so equal results on every
  // ordered pair (b overrides a, or not) make equal results on any list of these classes. A class only ever
  // overrides one with the same variants (hover:, sm:, …, and !), so the pairs are compared within each set of
  // variants, and a sample of the others shows that neither merge drops anything there.
  it('merges every ordered pair of the classes as the full twMerge does', () => {
    const differing: string[] = [];
    const compare = (pair: string) => {
      const slim = mergeClasses(pair);
      const full = twMerge(pair);
      if (slim !== full) differing.push(`${pair} → ${slim} (full: ${full})`);
      return full !== pair;
    };
    let overriding = 0;
    let compared = 0;
    const byVariants = new Map<string, string[]>();
    for (const c of classes) byVariants.set(variantsOf(c), [...(byVariants.get(variantsOf(c)) ?? []), c]);
    for (const sameVariants of byVariants.values()) {
      for (const a of sameVariants) {
        for (const b of sameVariants) {
          if (compare(`${a} ${b}`)) overriding += 1;
          compared += 1;
        }
      }
    }
    expect(overriding).toBeGreaterThan(classes.length); // the pairs that override one another are there too
    const random = seededRandom(89);
    const pick = () => classes[Math.floor(random() * classes.length)]!;
    for (let i = 0; i < 20_000; i++) {
      const [a, b] = [pick(), pick()];
      if (variantsOf(a) !== variantsOf(b)) expect(compare(`${a} ${b}`)).toBe(false);
    }
    expect(compared).toBeGreaterThan(100_000);
    expect(differing.slice(0, 20)).toEqual([]);
    expect(differing.length).toBe(0);
  });

  it('merges the classes of the real call sites as the full twMerge does', () => {
    const lists = [...callSiteClassLists(), ...buttonCallSites()];
    expect(lists.length).toBeGreaterThan(50);
    const differing = lists.filter((list) => mergeClasses(list) !== twMerge(list));
    expect(differing).toEqual([]);
    // what the merge is there for, at call sites that override a component's classes
    expect(mergeClasses(buttonVariants({ size: 'sm', className: 'h-8 px-2' }))).toMatch(/ h-8 px-2$/);
    expect(mergeClasses(buttonVariants({ variant: 'ghost', size: 'icon', className: 'size-11' }))).not.toContain('size-10');
    expect(cn('p-6 pt-0', { 'p-2': false }, 'p-4')).toBe('p-4');
    expect(mergeClasses('text-sm text-muted-foreground', 'text-base')).toBe('text-muted-foreground text-base');
  });
});

/**
 * A class's variants as a set: its modifiers (split at the colons outside [] and ()), sorted, and whether it is
 * !important. tailwind-merge compares a class's variants after sorting them (keeping some in place), so two classes
 * with different sets here never override one another, in either merge.
 */
function variantsOf(className: string): string {
  const modifiers: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      modifiers.push(className.slice(start, i));
      start = i + 1;
    }
  }
  const base = className.slice(start);
  const important = base.startsWith('!') || base.endsWith('!');
  return `${modifiers.sort().join(':')}${important ? '!' : ''}`;
}

/** A small deterministic random number generator (mulberry32), so the sampled pairs are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The string literals an expression can give cn() (both sides of ?: and ||, the right of &&, clsx object keys). */
function literals(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literals(node.left), ...literals(node.right)];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap(literals);
  if (ts.isObjectLiteralExpression(node))
    return node.properties.flatMap((p) => (p.name && (ts.isStringLiteral(p.name) || ts.isIdentifier(p.name)) ? [p.name.text] : []));
  return [];
}

function jsxAttribute(element: ts.JsxOpeningLikeElement, name: string): string | undefined {
  for (const attribute of element.attributes.properties) {
    if (
      ts.isJsxAttribute(attribute) &&
      attribute.name.getText() === name &&
      attribute.initializer &&
      ts.isStringLiteral(attribute.initializer)
    )
      return attribute.initializer.text;
  }
  return undefined;
}

/**
 * The class lists the app's cn() calls can build: all of a call's literals together, and, for a component whose cn()
 * ends with its className prop, those literals with each className its callers pass.
 */
function callSiteClassLists(): string[] {
  const lists: string[] = [];
  const componentClasses = new Map<string, string>();
  for (const source of sources) {
    visit(source, (node) => {
      if (!ts.isCallExpression(node) || node.expression.getText() !== 'cn') return;
      const own = node.arguments.flatMap(literals).join(' ');
      if (own.trim() !== '') lists.push(own);
      const last = node.arguments.at(-1);
      const component = ts.findAncestor(node, ts.isFunctionDeclaration)?.name?.text;
      if (last?.getText() === 'className' && component) componentClasses.set(component, own);
    });
  }
  for (const source of sources) {
    visit(source, (node) => {
      if (!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) return;
      const own = componentClasses.get(node.tagName.getText());
      const className = jsxAttribute(node, 'className');
      if (own !== undefined && className !== undefined) lists.push(`${own} ${className}`);
    });
  }
  return lists;
}

type Variant = Parameters<typeof buttonVariants>[0];

/** What <Button variant size className> renders, for each <Button> in the app with a className. */
function buttonCallSites(): string[] {
  const lists: string[] = [];
  for (const source of sources) {
    visit(source, (node) => {
      if ((!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) || node.tagName.getText() !== 'Button') return;
      const className = jsxAttribute(node, 'className');
      if (className === undefined) return;
      const variant = jsxAttribute(node, 'variant') as NonNullable<Variant>['variant'];
      const size = jsxAttribute(node, 'size') as NonNullable<Variant>['size'];
      lists.push(buttonVariants({ variant, size, className }));
    });
  }
  return lists;
}
