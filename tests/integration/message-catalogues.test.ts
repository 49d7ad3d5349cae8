// The translators' contract (decision 081, docs/translating.md): the English catalogue is the code's messages,
// and every shipped language has exactly its messages (none missing, none left over) with the same placeholders.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ESM script without types
import { extractEnglish, staleEnglishFiles } from '../../scripts/i18n-extract.mjs';

const dir = path.resolve(__dirname, '../../src/shared/i18n/messages');

function catalogue(language: string): Record<string, string> {
  const folder = path.join(dir, language);
  return Object.assign(
    {},
    ...fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as Record<string, string>),
  ) as Record<string, string>;
}

/** What a message needs from its caller: each argument with its kind, and each rich-text tag. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      placeholders(element.children, into);
      continue;
    }
    const kind = element.type === TYPE.plural ? 'plural' : element.type === TYPE.select ? 'select' : TYPE[element.type];
    into.add(`${element.value}:${kind}`);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
  }
  return into;
}

const languages = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isDirectory() && f !== 'en');

describe('message catalogues', () => {
  const english = Object.assign({}, ...Object.values(extractEnglish() as Record<string, Record<string, string>>)) as Record<string, string>;

  it('the English catalogue is the messages in the code (npm run i18n:extract)', () => {
    expect(staleEnglishFiles()).toEqual([]);
  });

  it('ships German, Spanish and French beside English', () => {
    expect(languages).toEqual(expect.arrayContaining(['de', 'es', 'fr']));
  });

  it.each(languages)('%s has every message, and no message the code does not use', (language) => {
    const translated = catalogue(language);
    expect(
      Object.keys(english).filter((id) => !(id in translated)),
      'missing',
    ).toEqual([]);
    expect(
      Object.keys(translated).filter((id) => !(id in english)),
      'unused',
    ).toEqual([]);
  });

  it.each(languages)('%s asks for the same placeholders as English in every message', (language) => {
    const translated = catalogue(language);
    const differing = Object.keys(english)
      .filter((id) => id in translated)
      .filter((id) => {
        const want = [...placeholders(parse(english[id]!))].sort();
        const got = [...placeholders(parse(translated[id]!))].sort();
        return JSON.stringify(want) !== JSON.stringify(got);
      });
    expect(differing).toEqual([]);
  });

  it.each(languages)('%s has no message left empty', (language) => {
    const translated = catalogue(language);
    expect(Object.keys(translated).filter((id) => translated[id]!.trim() === '')).toEqual([]);
  });
});
