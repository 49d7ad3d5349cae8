import { describe, expect, it } from 'vitest';
import { omitEmpty, toFormValues, toPatch } from './omit-empty';

describe('omitEmpty', () => {
  it('keeps the names and relationship and drops empty optional fields (spec §5)', () => {
    const values = toFormValues({ firstName: 'Ann', lastName: 'Lee', relationship: 'family', email: null, notes: '  ' });
    expect(omitEmpty({ ...values, phoneNumber: '123', familyRelation: 'Aunt' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      relationship: 'family',
      phoneNumber: '123',
      familyRelation: 'Aunt',
    });
  });

  it('sends "Same as mine" as no language: left out of a new contact, null in an edit', () => {
    const values = toFormValues({ firstName: 'Ann', relationship: 'friend', language: null });
    expect(omitEmpty(values)).not.toHaveProperty('language');
    expect(toPatch(values).language).toBeNull();
    expect(toPatch({ ...values, language: 'de' }).language).toBe('de');
  });

  it('turns a saved contact into form values with empty strings for missing fields', () => {
    expect(toFormValues({ relationship: 'friend', firstName: 'Bo', birthday: '1950-03-05', address: null })).toEqual({
      firstName: 'Bo',
      lastName: '',
      email: '',
      phoneNumber: '',
      address: '',
      birthday: '1950-03-05',
      relationship: 'friend',
      familyRelation: '',
      notes: '',
      language: '',
    });
  });
});
