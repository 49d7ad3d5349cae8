// An offline page (the escrow opener, the letter opener) opened as a browser would open it from a file: its inline
// scripts run in jsdom, with the browser's languages set before they start. A script's error fails the caller.
// @ts-expect-error jsdom ships no types; this helper names the little of it the tests use
import { JSDOM, VirtualConsole } from 'jsdom';

interface Options {
  /** navigator.languages, most preferred first. */
  languages: string[];
}

export function openOfflinePage(html: string, { languages }: Options): { document: Document; errors: string[] } {
  const errors: string[] = [];
  const virtualConsole = new VirtualConsole() as { on(event: string, listener: (err: Error) => void): void };
  virtualConsole.on('jsdomError', (err) => errors.push(err.message));
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    pretendToBeVisual: true,
    virtualConsole,
    beforeParse(window: Window) {
      Object.defineProperty(window.navigator, 'languages', { value: languages });
      Object.defineProperty(window.navigator, 'language', { value: languages[0] });
    },
  }) as { window: Window };
  return { document: dom.window.document, errors };
}
