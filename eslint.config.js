import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import drizzle from 'eslint-plugin-drizzle';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const featuresIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The boundaries of docs/architecture.md, checked on resolved paths so aliases (@web/…) and relative
// imports (../../photos/…) are judged alike. Feature lists are read from disk: a new feature is covered
// the day its folder exists.
const webFeatureZones = featuresIn('src/web/features').map((feature) => ({
  target: `src/web/features/${feature}`,
  from: 'src/web/features',
  except: [`./${feature}`],
  message: 'Web features never import each other: compose them in src/web/app and refresh shared data through lib/query-keys.ts.',
}));

// A server feature's public face is its service factory (and the types it exports); routes, repos and
// helpers are its own business. Another feature that needs the data asks the service, or owns its query.
const serverFeatureZones = featuresIn('src/server/features').map((feature) => ({
  target: `src/server/features/${feature}`,
  from: path.join(root, `src/server/features/!(${feature})/**`),
  except: [path.join(root, 'src/server/features/*/*.service.ts')],
  message: 'Another server feature is reachable only through its *.service.ts; its routes, repo and helpers are internal.',
}));

const sideZones = [
  {
    target: 'src/shared',
    from: ['src/server', 'src/web', 'tests', 'bench', 'scripts'],
    message: 'src/shared imports only zod and other shared files.',
  },
  {
    target: ['src/server/plugins', 'src/server/lib', 'src/server/db', 'src/server/ai'],
    from: 'src/server/features',
    message: 'Code every feature builds on never depends on a feature.',
  },
  { target: 'src/web', from: 'src/server', message: 'The web never imports server code.' },
  { target: 'src/server', from: 'src/web', message: 'The server never imports web code.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'drizzle/', 'test-results/', 'playwright-report/', 'bench-results/', 'data/', '.*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...sideZones, ...webFeatureZones, ...serverFeatureZones] }],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{js,mjs,ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,tests,bench,scripts,docs}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Packages only; the paths rule above covers files. Relative and @shared imports stay allowed. Tests of
    // shared code run in Node under vitest and are never bundled.
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        // @noble/curves: sealed letters are one format both sides read (decision 027); it is pure, audited code.
        // shamir-secret-sharing: escrow bundles' release key is split among verifiers in the browser (decision 070).
        // @formatjs/icu-messageformat-parser: the pseudo-language is made from the English messages (decision 081).
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|@noble/curves/|shamir-secret-sharing$|@formatjs/icu-messageformat-parser$|@shared/|\\.{1,2}/)',
              message:
                'src/shared imports only zod and other shared files (and @noble/curves and shamir-secret-sharing, for sealed letters and escrow bundles; the ICU parser for the pseudo-language).',
            },
          ],
        },
      ],
    },
  },
  {
    // A CommonJS preload (node --require, which also reaches worker threads; --import does not on Node 20).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettierConfig,
);
