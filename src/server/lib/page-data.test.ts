import { describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/auth';
import { scriptSafeJson, withServerUser } from './page-data';

const user: User = {
  id: 7,
  firstName: '</script><script>alert(1)</script>',
  surname: '<!-- & -->',
  email: 'ann@example.com',
  dateOfBirth: '1960-12-10',
  mobileNumber: null,
  isWaitlisted: false,
  createdAt: '2026-01-02T03:04:05.000Z',
  profilePicture: null,
  cityOfBirth: 'Line\u2028break',
  address: null,
  gender: null,
  emailVerified: true,
  pendingEmail: null,
  isAdministrator: false,
  language: null,
};

const shell = '<!doctype html><html><head><title>heirloom</title></head><body><div id="root"></div></body></html>';

describe('scriptSafeJson', () => {
  it('escapes every character that could end a script element or open a comment', () => {
    const json = scriptSafeJson(user);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptSafeJson(user))).toEqual(user);
  });

  it('refuses a value with no JSON form', () => {
    expect(() => scriptSafeJson(undefined)).toThrow(TypeError);
  });
});

describe('withServerUser', () => {
  it('puts the user in one JSON block at the end of <head>', () => {
    const html = withServerUser(shell, user);
    const block = /<script type="application\/json" id="heirloom-user">(.*?)<\/script><\/head>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual(user);
    // The hostile first name did not close the element early: the page has exactly one closing tag.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
  });

  it('refuses a page without </head>', () => {
    expect(() => withServerUser('<div id="root"></div>', user)).toThrow(/<\/head>/);
  });
});
