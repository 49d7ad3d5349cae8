import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n';
import { relationsMail, type Newcomer } from './relations-mail';

const newcomer = (relation: string | null): Newcomer => ({
  rule: { relation: 'grandchildren', title: 'Summers at the lake', condition: 'after_death', releaseAt: null, age: null },
  member: { treePersonId: 7, name: 'Dora King', relation, status: 'receives', heirId: 3, hasKeyCode: true, message: null },
});
const owner = { firstName: 'Rose', email: 'rose@example.com' };

describe('relationsMail', () => {
  it('names the relation in English as the tree says it', () => {
    const mail = relationsMail(translator('en'), owner, [newcomer('your granddaughter')], 'https://h.example/after-life');
    expect(mail.text).toContain('- Dora King (your granddaughter) now receives “Summers at the lake”');
  });

  it('names the relation in the owner’s language', () => {
    const german = relationsMail(translator('de'), owner, [newcomer('your granddaughter')], 'https://h.example/after-life');
    expect(german.text).toContain('Dora King (Ihre Enkelin)');
    const spanish = relationsMail(translator('es'), owner, [newcomer('your great-grandson')], 'https://h.example/after-life');
    expect(spanish.text).toContain('Dora King (su bisnieto)');
  });

  it('leaves the name alone where the language has no word for the tie', () => {
    const mail = relationsMail(translator('fr'), owner, [newcomer("your son's former wife")], 'https://h.example/after-life');
    expect(mail.text).toContain('- Dora King ');
    expect(mail.text).not.toContain('former');
  });
});
