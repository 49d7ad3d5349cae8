import { describe, expect, it } from 'vitest';
import { cardLabel, initialsOf, personName, yearsOf } from './person-words';

const dated = (birth: string | null, death: string | null | undefined) => ({
  birth: { date: birth, place: null },
  death: death === undefined ? null : { date: death, place: null },
});

describe('person words', () => {
  it('names a person, or says they have no name yet', () => {
    expect(personName({ givenNames: 'Rose', surname: 'Martin' })).toBe('Rose Martin');
    expect(personName({ givenNames: '', surname: 'Martin' })).toBe('Martin');
    expect(personName({ givenNames: ' ', surname: '' })).toBe('Unnamed person');
    expect(initialsOf({ givenNames: 'rose', surname: 'Martin' })).toBe('RM');
    expect(initialsOf({ givenNames: '', surname: '' })).toBe('?');
  });

  it('gives the years of a life as a family tree shows them', () => {
    expect(yearsOf(dated('1890-05-12', '1962'))).toBe('1890–1962');
    expect(yearsOf(dated('c. 1890', undefined))).toBe('c. 1890–');
    expect(yearsOf(dated('between 1890 and 1895', 'after 1950'))).toBe('c. 1890–c. 1950');
    expect(yearsOf(dated(null, '1962'))).toBe('–1962');
    expect(yearsOf(dated('1890', null))).toBe('1890–?');
    expect(yearsOf(dated('in the spring', undefined))).toBe('');
    expect(yearsOf(dated(null, undefined))).toBe('');
  });

  it('reads a card out with its name, relation and years', () => {
    expect(cardLabel({ givenNames: 'Rose', surname: 'Martin', ...dated('1890', '1962') }, 'your grandmother')).toBe(
      'Rose Martin, your grandmother, 1890–1962',
    );
    expect(cardLabel({ givenNames: 'Rose', surname: 'Martin', ...dated(null, undefined) }, null)).toBe('Rose Martin');
  });
});
