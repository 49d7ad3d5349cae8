// The browser never parses a message (decision 087): in the web build, the English default messages in the code
// are replaced by their parsed form (ICU's abstract syntax tree, as react-intl takes it), the catalogue parts are
// written parsed too (page-catalogues.ts), and react-intl's ICU parser is left out of the page's scripts.
// Development, tests, the prerendering and the server keep the text and the parser.
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import { eachNode, type SyntaxNode } from './each-node.ts';

const PARSER = '@formatjs/icu-messageformat-parser';
/** The parser's entry without the parser (its types and element helpers only). */
const NO_PARSER = createRequire(import.meta.url).resolve(`${PARSER}/no-parser.js`);

/**
 * Modules that keep their default messages as text: the interview library's questions are English text the app
 * compares and shows as such (question-library.ts), and the pseudo-language parses English at run time. A module
 * that reads its own `.defaultMessage` keeps its text too.
 */
const KEPT_AS_TEXT = [/src\/shared\/interviews\/question-messages\.ts$/, /src\/shared\/i18n\/pseudo\.ts$/];
const readsItsText = (code: string) => /\.defaultMessage\b/.test(code);

/** The `defaultMessage: '…'` values of `code`, each with its place. */
function defaultMessagesIn(code: string): Array<{ start: number; end: number; text: string }> {
  const found: Array<{ start: number; end: number; text: string }> = [];
  eachNode(code, (node) => {
    if (node.type !== 'Property' || node.computed) return;
    const key = node.key as SyntaxNode & { name?: string; value?: unknown };
    const value = node.value as SyntaxNode & { value?: unknown; quasis?: Array<{ value: { cooked: string } }>; expressions?: unknown[] };
    if ((key.type === 'Identifier' ? key.name : key.value) !== 'defaultMessage') return;
    if (value.type === 'Literal' && typeof value.value === 'string') found.push({ start: value.start, end: value.end, text: value.value });
    else if (value.type === 'TemplateLiteral' && value.expressions?.length === 0)
      found.push({ start: value.start, end: value.end, text: value.quasis![0]!.value.cooked });
  });
  return found;
}

export function precompiledMessages() {
  let ssr = false;
  const noParser = {
    name: 'heirloom-no-message-parser',
    apply: 'build' as const,
    enforce: 'pre' as const,
    configResolved(config: { build: { ssr: unknown } }) {
      ssr = !!config.build.ssr;
    },
    resolveId(source: string, importer: string | undefined) {
      if (ssr || source !== PARSER || !importer || KEPT_AS_TEXT.some((m) => m.test(importer))) return null;
      return NO_PARSER;
    },
  };
  const precompile = {
    name: 'heirloom-precompiled-messages',
    apply: 'build' as const,
    enforce: 'post' as const,
    transform(code: string, id: string) {
      if (ssr || !/\/src\/(web|shared)\/.*\.[jt]sx?$/.test(id) || KEPT_AS_TEXT.some((m) => m.test(id))) return null;
      if (!code.includes('defaultMessage') || readsItsText(code)) return null;
      let out = code;
      for (const { start, end, text } of defaultMessagesIn(code).reverse()) {
        let parsed;
        try {
          parsed = parse(text);
        } catch (err) {
          throw new Error(`${id}: the default message "${text}" is not ICU MessageFormat (${String(err)})`, { cause: err });
        }
        out = `${out.slice(0, start)}${JSON.stringify(parsed)}${out.slice(end)}`;
      }
      return out === code ? null : { code: out, map: null };
    },
  };
  return [noParser, precompile] as [typeof noParser, typeof precompile];
}
