// The boundaries of docs/architecture.md are enforced by `npm run lint`. Each case lints a few lines as if
// they were written at a real path of the tree, importing real files, so the rule is exercised exactly as
// in the tree (path aliases and relative imports both resolved).
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const violation = (rule: string, text: string) => [expect.objectContaining({ rule, message: expect.stringContaining(text) })];

describe('architecture boundaries (npm run lint)', () => {
  it.each([
    ['an alias', "import { useMemories } from '@web/features/memories/api';\nexport const x = useMemories;\n"],
    ['a relative path', "import { useMemories } from '../../memories/api';\nexport const x = useMemories;\n"],
  ])('refuses a web feature importing another web feature through %s', async (_how, code) => {
    expect(await problems('src/web/features/photos/components/photo-grid-extra.tsx', code)).toEqual(
      violation('import-x/no-restricted-paths', 'Web features never import each other'),
    );
  });

  it('lets a web feature import its own files and the app-wide lib', async () => {
    const code =
      "import { queryKeys } from '@web/lib/query-keys';\nimport { usePhotos } from '../api';\nexport const x = [queryKeys, usePhotos];\n";
    expect(await problems('src/web/features/photos/components/photo-grid-extra.tsx', code)).toEqual([]);
  });

  it("refuses a server feature importing another feature's repo", async () => {
    const code = "import { createVaultRepo } from '../vault/vault.repo';\nexport const x = createVaultRepo;\n";
    expect(await problems('src/server/features/contacts/contacts.extra.ts', code)).toEqual(
      violation('import-x/no-restricted-paths', 'only through its *.service.ts'),
    );
  });

  it("lets a server feature use another feature's service", async () => {
    const code = "import { createVaultService } from '@server/features/vault/vault.service';\nexport const x = createVaultService;\n";
    expect(await problems('src/server/features/contacts/contacts.extra.ts', code)).toEqual([]);
  });

  it('refuses a plugin importing a feature', async () => {
    const code = "import { createAuthRepo } from '../features/auth/auth.repo';\nexport const x = createAuthRepo;\n";
    expect(await problems('src/server/plugins/extra.ts', code)).toEqual(
      violation('import-x/no-restricted-paths', 'never depends on a feature'),
    );
  });

  it.each([
    ['server code', "import { notFound } from '@server/lib/errors';\nexport const x = notFound;\n", 'import-x/no-restricted-paths'],
    ['web code', "import { cn } from '../../web/lib/cn';\nexport const x = cn;\n", 'import-x/no-restricted-paths'],
    ['a package other than zod', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n", 'no-restricted-imports'],
  ])('refuses src/shared importing %s', async (_what, code, rule) => {
    // An alias to server code breaks both rules; one is enough.
    expect(await problems('src/shared/schemas/extra.ts', code)).toEqual(
      expect.arrayContaining(violation(rule, 'src/shared imports only zod and other shared files')),
    );
  });

  it('lets src/shared import zod and other shared files', async () => {
    const code =
      "import { z } from 'zod';\nimport { PHOTO_MAX_BYTES } from '../limits';\nimport { idParamsSchema } from '@shared/schemas/common';\nexport const x = [z, PHOTO_MAX_BYTES, idParamsSchema];\n";
    expect(await problems('src/shared/schemas/extra.ts', code)).toEqual([]);
  });

  it('refuses an update or a delete without a where', async () => {
    const code =
      'export async function wipe(db: { update: Function; delete: Function }, t: unknown) {\n  await db.update(t).set({});\n  await db.delete(t);\n}\n';
    const found = await problems('src/server/features/contacts/contacts.extra.ts', code);
    expect(
      found
        .map((p) => p.rule)
        .filter((rule) => rule?.startsWith('drizzle/'))
        .sort(),
    ).toEqual(['drizzle/enforce-delete-with-where', 'drizzle/enforce-update-with-where']);
  });

  it('refuses a file name that is not kebab-case', async () => {
    expect(await problems('src/web/components/PhotoCard.tsx', 'export const x = 1;\n')).toEqual(
      violation('check-file/filename-naming-convention', 'KEBAB_CASE'),
    );
  });
});
