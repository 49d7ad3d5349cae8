import { afterEach, describe, expect, it } from 'vitest';
import { inertOutside } from './inert-outside';

function append(parent: HTMLElement) {
  const element = document.createElement('div');
  parent.appendChild(element);
  return element;
}

afterEach(() => document.body.replaceChildren());

describe('inertOutside', () => {
  it('makes everything beside the popup inert, and gives back only what it took', () => {
    const page = append(document.body);
    const alreadyInert = append(document.body);
    alreadyInert.setAttribute('inert', '');
    const portal = append(document.body);
    const popup = append(portal);

    const cleanup = inertOutside(popup);
    expect(page.hasAttribute('inert')).toBe(true);
    expect(portal.hasAttribute('inert')).toBe(false);

    cleanup?.();
    expect(page.hasAttribute('inert')).toBe(false);
    expect(alreadyInert.hasAttribute('inert')).toBe(true); // someone else's, e.g. a dialog under the popup
  });

  it('does nothing for a detached ref', () => {
    const page = append(document.body);
    expect(inertOutside(null)).toBeUndefined();
    expect(page.hasAttribute('inert')).toBe(false);
  });
});
