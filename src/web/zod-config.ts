// Imported first by main.tsx and entry-landing.tsx, before any schema is built. zod compiles object parsers
// with `new Function` when it may; its probe for that trips heirloom's own Content-Security-Policy (no
// 'unsafe-eval') and is reported as a violation. Parsing without it is fast enough for forms.
// zod keeps its configuration in globalThis.__zod_globalConfig (shared by every copy of zod on a page) and
// creates it only when absent, so setting it here needs no import of zod: zod (~4 KB gzipped) stays off the
// landing page's first load. zod-config.test.ts checks that zod still reads it.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true; // the same object zod uses, if it is already loaded

export {};
