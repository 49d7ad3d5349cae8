// Imported first by main.tsx, before any schema is built. zod compiles object parsers with `new Function`
// when it may; its probe for that trips heirloom's own Content-Security-Policy (no 'unsafe-eval') and is
// reported as a violation. Parsing without it is fast enough for forms.
import { z } from 'zod';

z.config({ jitless: true });
