import { needCatalogue } from './language-store';

/**
 * A module the page fetches later (a dialog, a card shown now and then) together with its words in the reader's
 * language. `name` is the module's path under src/web without its extension: the build gives that module a
 * catalogue part of its own (scripts/page-catalogues.ts), so its words are not fetched with the page.
 */
export function withWords<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), needCatalogue(name)]).then(([loaded]) => loaded);
}
