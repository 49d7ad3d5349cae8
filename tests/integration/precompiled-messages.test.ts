// The web build's messages, parsed at build time so the browser needs no ICU parser (scripts/precompiled-messages.ts,
// decision 087).
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { precompiledMessages } from '../../scripts/precompiled-messages';

function plugins(ssr = false) {
  const [resolver, transformer] = precompiledMessages();
  resolver!.configResolved({ build: { ssr } });
  return { resolver: resolver!, transformer: transformer! };
}

const module = (code: string, id = '/app/src/web/features/photos/upload.js') => plugins().transformer.transform(code, id);

describe('messages parsed at build time', () => {
  it('replaces each default message by its parsed form, which formats as the text did', () => {
    const code =
      'const m={a:{id:"photos.a",defaultMessage:"{count, plural, one {# photo} other {# photos}}"},b:{id:"photos.b",defaultMessage:`Hello <b>{name}</b>`}};';
    const out = module(code)!.code;
    const values = new Function(`${out.replace('const m=', 'return ')}`)() as Record<string, { defaultMessage: unknown }>;
    expect(Array.isArray(values.a!.defaultMessage)).toBe(true);
    expect(new IntlMessageFormat(values.a!.defaultMessage as never, 'en').format({ count: 2 })).toBe('2 photos');
    expect(
      new IntlMessageFormat(values.b!.defaultMessage as never, 'en').format({ name: 'Ada', b: (c: string[]) => `*${c.join('')}*` }),
    ).toBe('Hello *Ada*');
  });

  it('keeps the text of a module that reads it, of the interview library and of the prerendering', () => {
    expect(module('const m={a:{id:"x.a",defaultMessage:"A"}};export const t=m.a.defaultMessage;')).toBeNull();
    expect(module('const m={a:{id:"questions.a",defaultMessage:"A"}};', '/app/src/shared/interviews/question-messages.ts')).toBeNull();
    expect(plugins(true).transformer.transform('const m={a:{id:"x.a",defaultMessage:"A"}};', '/app/src/web/a.js')).toBeNull();
  });

  it('refuses a default message that is not ICU MessageFormat, naming it', () => {
    expect(() => module('const m={a:{id:"x.a",defaultMessage:"{count, plural, one {#}"}};')).toThrow(
      /upload\.js: the default message "\{count/,
    );
  });

  it('leaves the parser out of the page, except for the pseudo-language', () => {
    const { resolver } = plugins();
    expect(resolver.resolveId('@formatjs/icu-messageformat-parser', '/app/node_modules/intl-messageformat/index.js')).toMatch(
      /no-parser\.js$/,
    );
    expect(resolver.resolveId('@formatjs/icu-messageformat-parser', '/app/src/shared/i18n/pseudo.ts')).toBeNull();
    expect(
      plugins(true).resolver.resolveId('@formatjs/icu-messageformat-parser', '/app/node_modules/intl-messageformat/index.js'),
    ).toBeNull();
  });
});
