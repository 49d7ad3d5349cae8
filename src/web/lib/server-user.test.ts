import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_USER_ELEMENT_ID } from '@shared/page-data';
import { takeServerUser } from './server-user';

function addBlock(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVER_USER_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById(SERVER_USER_ELEMENT_ID)?.remove());

describe('takeServerUser', () => {
  it('is undefined when the page carries no user', () => {
    expect(takeServerUser()).toBeUndefined();
  });

  it('reads the escaped JSON the server wrote, once', () => {
    addBlock('{"id":3,"firstName":"\\u003cb\\u003eAnn","surname":"Lee"}');
    expect(takeServerUser()).toEqual({ id: 3, firstName: '<b>Ann', surname: 'Lee' });
    expect(document.getElementById(SERVER_USER_ELEMENT_ID)).toBeNull();
    expect(takeServerUser()).toBeUndefined();
  });

  it('ignores a block that is not JSON', () => {
    addBlock('{not json');
    expect(takeServerUser()).toBeUndefined();
  });
});
