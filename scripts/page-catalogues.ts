// Each page's messages, cut from the catalogues at build time (decision 086): a reader fetches the words of the
// code their page runs, in their language, not the whole app's. A message belongs to a page when its id (or, for
// a text marked with userText(), its English) is a string in the code the page loads: the page's chunk and every
// chunk it imports or may import later, up to the next page. The app's frame is one part, the landing page
// another, each page of the app one more, and each module a page fetches later with its own words (withWords,
// src/web/lib/i18n/with-words.ts: a dialog shown now and then); the files are content-addressed, and the HTML
// says where they are.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { CATALOGUES_META, cataloguePartFile } from '../src/shared/i18n/catalogue-parts.ts';
import { SOURCE_LANGUAGE } from '../src/shared/i18n/languages.ts';
import { eachNode } from './each-node.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
}

const TEXT_PREFIX = 'text.';

/** A module's name under src/web without the extension (`app/routes/photos`): the name of its part, if it has one. */
const nameOfModule = (webRoot: string, id: string | null) => {
  if (!id?.startsWith(`${webRoot}/`)) return null;
  return id.slice(webRoot.length + 1).replace(/\.tsx?$/, '');
};

/** A catalogue file bundled as a module (development's loader): its ids are no page's words. */
const isCatalogue = (chunk: Chunk) => /\/i18n\/messages\/[^/]+\/[^/]+\.json$/.test(chunk.facadeModuleId ?? '');

/** Every string a chunk holds: its string literals and the constant parts of its template literals. */
function stringsIn(code: string): Set<string> {
  const found = new Set<string>();
  eachNode(code, (node) => {
    if (node.type === 'Literal') {
      if (typeof node.value === 'string') found.add(node.value);
      return true;
    }
    if (node.type !== 'TemplateElement') return false;
    found.add((node.value as { cooked?: string }).cooked ?? '');
    return true;
  });
  return found;
}

function readCatalogues(messagesDir: string): Map<string, Record<string, string>> {
  const languages = new Map<string, Record<string, string>>();
  for (const language of fs.readdirSync(messagesDir).sort()) {
    const folder = path.join(messagesDir, language);
    if (!fs.statSync(folder).isDirectory()) continue;
    const all: Record<string, string> = {};
    for (const file of fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      Object.assign(all, JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>);
    }
    languages.set(language, all);
  }
  return languages;
}

export function pageCatalogues({ webRoot, messagesDir }: { webRoot: string; messagesDir: string }) {
  let ssr = false;
  let folder = '';
  return {
    name: 'heirloom-page-catalogues',
    apply: 'build' as const,
    // its bundle hook runs before the HTML is written, which then says where the catalogues are
    enforce: 'pre' as const,
    configResolved(config: { build: { ssr: unknown } }) {
      ssr = !!config.build.ssr;
    },
    generateBundle(
      this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): void },
      _: unknown,
      bundle: Record<string, { type: string }>,
    ) {
      if (ssr) return;
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set((output as Chunk).fileName, output as Chunk);
      const catalogues = readCatalogues(messagesDir);
      const english = catalogues.get(SOURCE_LANGUAGE)!;

      const stringsOfChunk = new Map<string, Set<string>>();
      const stringsOf = (chunk: Chunk) => {
        let found = stringsOfChunk.get(chunk.fileName);
        if (!found) stringsOfChunk.set(chunk.fileName, (found = stringsIn(chunk.code)));
        return found;
      };
      // A module fetched later with its words names itself to withWords(): its name is a string in its importer.
      const lazyParts = new Set<string>();
      for (const chunk of chunks.values()) {
        for (const next of chunk.dynamicImports) {
          const name = nameOfModule(webRoot, chunks.get(next)?.facadeModuleId ?? null);
          if (name && stringsOf(chunk).has(name)) lazyParts.add(name);
        }
      }
      /** The part a chunk is, when it is fetched later with words of its own: a page, or a module named to withWords(). */
      const partOf = (chunk: Chunk) => {
        const name = nameOfModule(webRoot, chunk.facadeModuleId);
        return name && (name.startsWith('app/routes/') || lazyParts.has(name)) ? name : null;
      };

      const idsOfChunk = new Map<string, string[]>();
      const idsOf = (chunk: Chunk) => {
        let ids = idsOfChunk.get(chunk.fileName);
        if (!ids) {
          ids = [];
          for (const s of stringsOf(chunk)) {
            if (Object.hasOwn(english, s)) ids.push(s);
            if (Object.hasOwn(english, `${TEXT_PREFIX}${s}`)) ids.push(`${TEXT_PREFIX}${s}`);
          }
          idsOfChunk.set(chunk.fileName, ids);
        }
        return ids;
      };
      /** The chunks `start` loads now or may load later, up to (not into) another part fetched later. */
      const reach = (start: Chunk) => {
        const seen = new Set<string>([start.fileName]);
        const queue = [start];
        while (queue.length > 0) {
          const chunk = queue.pop()!;
          const later = new Set(chunk.dynamicImports);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
            const c = chunks.get(next);
            if (!c || seen.has(next) || isCatalogue(c)) continue;
            // another part fetched later brings its own words (pages.ts, withWords); imported at once, it is this one's
            if (later.has(next) && !chunk.imports.includes(next) && partOf(c)) continue;
            seen.add(next);
            queue.push(c);
          }
        }
        return seen;
      };

      const entry = (name: string) => [...chunks.values()].find((c) => c.isEntry && c.facadeModuleId?.endsWith(`/${name}`));
      const app = entry('index.html');
      const landing = entry('landing.html');
      if (!app || !landing) throw new Error('page catalogues: the build has no index.html or landing.html entry');
      const appChunks = reach(app);
      const parts = new Map<string, Set<string>>([
        ['app', appChunks],
        ['landing', reach(landing)],
      ]);
      for (const chunk of chunks.values()) {
        const part = partOf(chunk);
        if (part) parts.set(part, new Set([...reach(chunk)].filter((f) => !appChunks.has(f))));
      }

      const files: Array<{ name: string; source: string }> = [];
      for (const [part, fileNames] of parts) {
        const ids = [...new Set([...fileNames].flatMap((f) => idsOf(chunks.get(f)!)))].sort();
        for (const [language, messages] of catalogues) {
          // parsed, so the browser needs no parser (decision 087); English as text, for the pseudo-language
          const asSent = (message: string) => (language === SOURCE_LANGUAGE ? message : parse(message));
          const own = Object.fromEntries(ids.filter((id) => Object.hasOwn(messages, id)).map((id) => [id, asSent(messages[id]!)]));
          files.push({ name: cataloguePartFile(language, part), source: JSON.stringify(own) });
        }
      }
      const hash = createHash('sha256');
      for (const f of files) hash.update(f.name).update('\0').update(f.source).update('\0');
      folder = `assets/messages/${hash.digest('hex').slice(0, 12)}`;
      for (const f of files) this.emitFile({ type: 'asset', fileName: `${folder}/${f.name}`, source: f.source });
    },
    /** Tells the pages where the catalogues are (a folder named by their contents, cached for good). */
    transformIndexHtml: {
      order: 'post' as const,
      handler(html: string) {
        if (!folder) return html;
        return html.replace('</head>', `<meta name="${CATALOGUES_META}" content="/${folder}/"></head>`);
      },
    },
  };
}
