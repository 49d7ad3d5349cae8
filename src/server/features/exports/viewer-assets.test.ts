// The viewer's two files as the exporter gets them from source (esbuild at first use): a classic script
// with nothing to fetch, and an index.html whose policy lets its own inline style through and nothing else.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { viewerAssets } from './viewer-assets';

describe('viewerAssets', () => {
  it('bundles the viewer into one classic script that names no network address', async () => {
    const { viewerJs } = await viewerAssets();
    expect(viewerJs.length).toBeGreaterThan(1000);
    expect(viewerJs).toContain('HEIRLOOM_EXPORT');
    // an IIFE: module syntax would not run from file://, and zod must not be bundled (types only)
    expect(viewerJs).not.toMatch(/^\s*(import|export)\s/m);
    expect(viewerJs).not.toContain('ZodError');
    expect(viewerJs).not.toMatch(/https?:\/\//);
  });

  it('loads data.js before viewer.js as relative classic scripts, under a policy that forbids the network', async () => {
    const { indexHtml } = await viewerAssets();
    const scripts = [...indexHtml.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1]!.trim());
    expect(scripts).toEqual(['src="viewer/data.js"', 'src="viewer/viewer.js"']);
    expect(indexHtml).not.toMatch(/https?:\/\//);

    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(indexHtml)?.[1] ?? '';
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.has('connect-src')).toBe(false); // falls back to 'none'
    for (const name of ['script-src', 'img-src', 'media-src']) expect(directives.get(name)).toEqual(["'self'", 'file:']);
    // the inline style is allowed by its exact hash, so a changed style cannot slip through unnoticed
    const css = /<style>([\s\S]*?)<\/style>/.exec(indexHtml)?.[1] ?? '';
    expect(css).toContain('.thumb');
    expect(directives.get('style-src')).toEqual([`'sha256-${createHash('sha256').update(css).digest('base64')}'`]);
  });

  it('builds once per process', async () => {
    expect(await viewerAssets()).toBe(await viewerAssets());
  });
});
