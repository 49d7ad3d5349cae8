import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { kitInstructions, makeLegacyKit, openingUrl } from './legacy-kit';

const input = {
  heirName: 'Zoë Ōkubo 李',
  ownerName: 'Margaret Walker',
  somethingReleased: false,
  origin: 'https://heirloom.example.org',
  keyCode: '7KQ4-M2ZP-ABCD-EFGH-JKMN-PQRS-TV0',
};

describe('the Legacy Kit', () => {
  it('is a one-page PDF, even for a name Helvetica cannot print', async () => {
    const bytes = await makeLegacyKit(input);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Legacy Kit for ${input.heirName}`);
  });

  it('opens at the instance’s /legacy page with the code', () => {
    expect(openingUrl(input.origin, input.keyCode)).toBe('https://heirloom.example.org/legacy?code=7KQ4-M2ZP-ABCD-EFGH-JKMN-PQRS-TV0');
  });

  it('tells someone who never heard of heirloom what it is, when it opens, how and to keep it safe', () => {
    const text = kitInstructions(input).join('\n');
    expect(text).toContain('https://heirloom.example.org/legacy');
    expect(text).toContain('only after something is released to you');
    expect(text).toContain('Anyone who has the key code can open what is released to it');
  });

  it('says whose archive it is, and never that nothing can be opened when something is released', () => {
    expect(kitInstructions(input).join('\n')).toContain('Margaret Walker keeps their photos');
    expect(kitInstructions(input).join('\n')).toContain('Nothing is released to you yet.');
    const released = kitInstructions({ ...input, somethingReleased: true }).join('\n');
    expect(released).toContain('Something is already released to you: you can open it now.');
    expect(released).not.toMatch(/Nothing (can be opened|is released)/);
  });
});
