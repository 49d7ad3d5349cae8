// npm run i18n:extract: the English catalogue, extracted from the code's messages (formatjs), one file per area
// (the id's first part) in src/shared/i18n/messages/en. `--check` writes nothing and fails if the files differ.
// Translators work on the other languages' files (docs/translating.md); the catalogue test keeps them in step.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const english = path.join(root, 'src', 'shared', 'i18n', 'messages', 'en');

/** Every message in the code, by area: { area: { id: message } }, ids sorted. */
export function extractEnglish() {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-i18n-')), 'en.json');
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'formatjs'),
    [
      'extract',
      'src/**/*.ts',
      'src/**/*.tsx',
      '--ignore',
      'src/**/*.test.ts',
      '--ignore',
      'src/**/*.test.tsx',
      '--ignore',
      'src/**/*.d.ts',
      '--format',
      'simple',
      '--out-file',
      out,
      '--throws',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const all = { ...JSON.parse(fs.readFileSync(out, 'utf8')), ...markedTexts() };
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const areas = {};
  for (const id of Object.keys(all).sort()) {
    const area = id.split('.')[0];
    (areas[area] ??= {})[id] = all[id];
  }
  return areas;
}

/** The texts marked with `userText('…')` (src/shared/i18n/text.ts): id `text.<English>`, the English as a message. */
function markedTexts() {
  const found = {};
  const visit = (node, file) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'userText' &&
      node.arguments.length === 1
    ) {
      const [arg] = node.arguments;
      if (!ts.isStringLiteral(arg) && !ts.isNoSubstitutionTemplateLiteral(arg)) throw new Error(`${file}: userText() takes a plain string`);
      found[`text.${arg.text}`] = arg.text.replace(/'/g, "''").replace(/[{}<>]/g, (c) => `'${c}'`);
    }
    ts.forEachChild(node, (child) => visit(child, file));
  };
  for (const entry of fs.readdirSync(path.join(root, 'src'), { recursive: true })) {
    const file = path.join(root, 'src', String(entry));
    if (!/\.tsx?$/.test(file) || /\.(test|d)\.tsx?$/.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    if (!source.includes('userText(')) continue;
    visit(
      ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
      file,
    );
  }
  return found;
}

const render = (messages) => `${JSON.stringify(messages, null, 2)}\n`;

/** The files of src/shared/i18n/messages/en that differ from the code's messages (added, changed or removed). */
export function staleEnglishFiles(areas = extractEnglish()) {
  const stale = [];
  const existing = fs.existsSync(english) ? fs.readdirSync(english).filter((f) => f.endsWith('.json')) : [];
  for (const [area, messages] of Object.entries(areas)) {
    const file = path.join(english, `${area}.json`);
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== render(messages)) stale.push(`${area}.json`);
  }
  for (const file of existing) if (!(file.replace(/\.json$/, '') in areas)) stale.push(file);
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const areas = extractEnglish();
  if (process.argv.includes('--check')) {
    const stale = staleEnglishFiles(areas);
    if (stale.length > 0) {
      console.error(`The English catalogue is not the code's: ${stale.join(', ')}. Run npm run i18n:extract.`);
      process.exit(1);
    }
  } else {
    fs.mkdirSync(english, { recursive: true });
    for (const file of fs.readdirSync(english)) if (!(file.replace(/\.json$/, '') in areas)) fs.rmSync(path.join(english, file));
    for (const [area, messages] of Object.entries(areas)) fs.writeFileSync(path.join(english, `${area}.json`), render(messages));
    console.log(`${Object.values(areas).reduce((n, m) => n + Object.keys(m).length, 0)} messages in ${Object.keys(areas).length} files`);
  }
}
