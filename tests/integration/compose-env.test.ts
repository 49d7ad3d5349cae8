// The deployment files may name only settings heirloom reads: a misspelt or renamed variable in compose.yaml or
// in docs/deploy.md's examples would be ignored silently by the server.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENV_NAMES } from '@server/env';

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown> | string[];
}

/** Names of a service's environment, written as a map (NAME: value) or a list (NAME=value). */
function environmentNames(service: ComposeService): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((entry) => entry.split('=', 1)[0]!) : Object.keys(env);
}

/** NAME=value lines, `Environment=` lines and `-e NAME=value` options in a markdown file's sh/systemd/env blocks. */
function exampleNames(markdown: string): string[] {
  const names: string[] = [];
  for (const block of markdown.matchAll(/```(?:sh|bash|ini|dotenv|env|systemd)\n([\s\S]*?)```/g)) {
    for (const line of block[1]!.split('\n')) {
      const match = /^\s*(?:export\s+|Environment=)?([A-Z][A-Z0-9_]*)=/.exec(line);
      if (match) names.push(match[1]!);
      // docker run -e NAME=value
      for (const option of line.matchAll(/\s-e\s+([A-Z][A-Z0-9_]*)=/g)) names.push(option[1]!);
    }
  }
  return names;
}

describe('deployment files name only real settings', () => {
  const known = new Set(ENV_NAMES);

  it('compose.yaml: every environment name of the heirloom service', () => {
    const compose = parse(fs.readFileSync('compose.yaml', 'utf8')) as { services: Record<string, ComposeService> };
    // the service(s) built from this repository's Dockerfile
    const heirloom = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
    expect(heirloom.map(([name]) => name)).toContain('heirloom');
    for (const [name, service] of heirloom) {
      const names = environmentNames(service);
      expect(names.length, name).toBeGreaterThan(5);
      expect(
        names.filter((n) => !known.has(n)),
        `${name}: not in src/server/env.ts`,
      ).toEqual([]);
    }
  });

  it('docs/deploy.md: every variable its examples set', () => {
    const names = exampleNames(fs.readFileSync('docs/deploy.md', 'utf8'));
    expect(names).toContain('DATABASE_URL');
    // shell variables of the examples themselves, not heirloom's settings
    const unknown = names.filter((n) => !known.has(n) && n !== 'NODE_ENV');
    expect(unknown, 'not in src/server/env.ts').toEqual([]);
  });

  it('notices a name heirloom does not read', () => {
    const example = '```sh\nDATABASE_URL=postgres://x\nSTORAGE_BUCKET=photos\ndocker run -e PORT=5000 -e S3_HOST=minio heirloom\n```';
    expect(exampleNames(example)).toEqual(['DATABASE_URL', 'STORAGE_BUCKET', 'PORT', 'S3_HOST']);
    expect(exampleNames(example).filter((n) => !known.has(n))).toEqual(['STORAGE_BUCKET', 'S3_HOST']);
  });
});
