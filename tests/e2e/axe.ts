// axe-core run in the page as it is now. axe is put into a document once and then run again there for every
// state a test opens; serious and critical findings are what the tests fail on. (Playwright's axe wrapper
// injects axe again on every call and opens a second page to merge frame results: heirloom's pages have no
// frames, and that cost about two thirds of every check.)
import type { Page } from '@playwright/test';
import axe from 'axe-core';

// label-content-name-mismatch is experimental in axe, and off unless asked for: a control whose visible text is
// missing from its accessible name cannot be operated by voice ("click Edit").
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** `id (impact): targets` for each serious or critical finding, inside `include` (a selector) when given. */
export async function seriousFindings(page: Page, include?: string): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  // Only violations are reported in full: listing every passing node costs more than the checks themselves.
  const violations = await page.evaluate(
    ([selector, rules]) => window.axe!.run(selector ? { include: [selector] } : document, { rules, resultTypes: ['violations'] }),
    [include, EXTRA_RULES] as const,
  );
  return violations.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
