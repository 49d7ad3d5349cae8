import { expect, it } from 'vitest';

it('makes zod parse without compiling code, configured before zod loads', async () => {
  await import('./zod-config');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
});
