// The build's cut of the catalogues into the app's parts (scripts/page-catalogues.ts, decision 086): each part
// holds the messages whose ids, or marked English texts, are strings of the code it loads — up to another page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES_META } from '../../src/shared/i18n/catalogue-parts';
import { pageCatalogues } from '../../scripts/page-catalogues';

const webRoot = '/app/src/web';
/** A part as the browser gets it: parsed, so it needs no parser (decision 087). */
const parsed = (messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, parse(m)]));
let messagesDir: string;

const chunk = (
  fileName: string,
  code: string,
  extra: Partial<{ isEntry: boolean; facadeModuleId: string; imports: string[]; dynamicImports: string[] }> = {},
) => ({
  type: 'chunk',
  fileName,
  code,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...extra,
});

function cut(bundle: Record<string, ReturnType<typeof chunk>>) {
  const plugin = pageCatalogues({ webRoot, messagesDir });
  plugin.configResolved({ build: { ssr: false } });
  const files = new Map<string, Record<string, unknown>>();
  plugin.generateBundle.call(
    {
      emitFile: ({ fileName, source }: { fileName: string; source: string }) =>
        files.set(fileName.replace(/^assets\/messages\/\w+\//, ''), JSON.parse(source) as Record<string, unknown>),
    },
    undefined,
    bundle,
  );
  return { files, html: plugin.transformIndexHtml.handler('<html><head></head></html>') };
}

beforeAll(() => {
  messagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-catalogues-'));
  const write = (language: string, area: string, messages: Record<string, string>) => {
    fs.mkdirSync(path.join(messagesDir, language), { recursive: true });
    fs.writeFileSync(path.join(messagesDir, language, `${area}.json`), JSON.stringify(messages));
  };
  write('en', 'app', { 'app.nav.story': 'My Story', 'app.menu.out': 'Sign out' });
  write('en', 'photos', { 'photos.upload.title': 'Upload photos', 'photos.edit.title': 'Edit photo' });
  write('en', 'marketing', { 'marketing.hero.title': 'Your story' });
  write('en', 'text', { 'text.Title is required': 'Title is required', 'text.It’s "done"': 'It’s "done"' });
  write('de', 'app', { 'app.nav.story': 'Meine Geschichte', 'app.menu.out': 'Abmelden' });
  write('de', 'photos', { 'photos.upload.title': 'Fotos hochladen', 'photos.edit.title': 'Foto bearbeiten' });
  write('de', 'marketing', { 'marketing.hero.title': 'Ihre Geschichte' });
  write('de', 'text', { 'text.Title is required': 'Titel ist erforderlich', 'text.It’s "done"': 'Es ist „fertig“' });
});

afterAll(() => fs.rmSync(messagesDir, { recursive: true, force: true }));

describe('the catalogues cut into the app’s parts', () => {
  const bundle = () => ({
    'index.js': chunk('index.js', 'const n={id:`app.nav.story`};import("./photos.js");import("./menu.js");', {
      isEntry: true,
      facadeModuleId: `${webRoot}/index.html`,
      dynamicImports: ['photos.js', 'menu.js'],
    }),
    'menu.js': chunk('menu.js', 'export const m={id:"app.menu.out"};'),
    'landing.js': chunk('landing.js', "export const h={id:'marketing.hero.title'};", {
      isEntry: true,
      facadeModuleId: `${webRoot}/landing.html`,
    }),
    'photos.js': chunk('photos.js', 'import "./shared.js";const t=z.string().min(1,"Title is required");import("./editor.js");', {
      facadeModuleId: `${webRoot}/app/routes/photos.tsx`,
      imports: ['shared.js'],
      dynamicImports: ['editor.js'],
    }),
    'shared.js': chunk('shared.js', 'export const u={id:"photos.upload.title"};'),
    'editor.js': chunk('editor.js', 'export const e={id:"photos.edit.title"};const q="It\\u2019s \\"done\\"";'),
  });

  it('gives each part the words of the code it loads, now or later, in every language', () => {
    const { files } = cut(bundle());
    expect(files.get('de/app.json')).toEqual(parsed({ 'app.nav.story': 'Meine Geschichte', 'app.menu.out': 'Abmelden' }));
    expect(files.get('de/landing.json')).toEqual(parsed({ 'marketing.hero.title': 'Ihre Geschichte' }));
    // the page's chunk, what it imports, what it may fetch later (the editor), and its forms' marked texts
    expect(files.get('de/app.routes.photos.json')).toEqual(
      parsed({
        'photos.upload.title': 'Fotos hochladen',
        'photos.edit.title': 'Foto bearbeiten',
        'text.Title is required': 'Titel ist erforderlich',
        'text.It’s "done"': 'Es ist „fertig“',
      }),
    );
    // English stays text: the pseudo-language is made from it in the browser
    expect(files.get('en/app.routes.photos.json')).toMatchObject({ 'photos.edit.title': 'Edit photo' });
  });

  it('leaves another page’s words to that page, and a string that only looks like an id inherits nothing', () => {
    const { files } = cut(bundle());
    expect(Object.keys(files.get('de/app.json')!)).not.toContain('photos.upload.title');
    const withProto = bundle();
    withProto['menu.js'].code += 'const p="__proto__",c="constructor";';
    expect(Object.keys(cut(withProto).files.get('de/app.json')!)).toEqual(['app.menu.out', 'app.nav.story']);
  });

  it('gives a module fetched later with its words (withWords) a part of its own, and leaves it out of the page’s', () => {
    const named = bundle();
    // photos.js names the editor to withWords(): the editor's words come with the editor, not with the page
    named['photos.js'].code += 'w("features/photos/editor",()=>import("./editor.js"));';
    named['editor.js'].facadeModuleId = `${webRoot}/features/photos/editor.tsx`;
    const { files } = cut(named);
    expect(files.get('de/features.photos.editor.json')).toEqual(
      parsed({ 'photos.edit.title': 'Foto bearbeiten', 'text.It’s "done"': 'Es ist „fertig“' }),
    );
    expect(Object.keys(files.get('de/app.routes.photos.json')!)).toEqual(['photos.upload.title', 'text.Title is required']);
    // not named: the editor's words stay the page's, as before
    const unnamed = bundle();
    unnamed['editor.js'].facadeModuleId = `${webRoot}/features/photos/editor.tsx`;
    expect(cut(unnamed).files.has('de/features.photos.editor.json')).toBe(false);
    expect(cut(unnamed).files.get('de/app.routes.photos.json')).toHaveProperty(['photos.edit.title']);
  });

  it('names the folder by its contents and tells the pages where it is', () => {
    const first = cut(bundle()).html;
    expect(first).toMatch(new RegExp(`<meta name="${CATALOGUES_META}" content="/assets/messages/\\w{12}/"></head>`));
    expect(cut(bundle()).html).toBe(first);
    const changed = bundle();
    changed['menu.js'].code = 'export const m={};';
    expect(cut(changed).html).not.toBe(first);
  });
});
