import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isSignedInPath } from '../pages';
import { SignedInLayout } from './signed-in-layout';

function renderAt(pathname: string) {
  render(
    <MemoryRouter initialEntries={[pathname]}>
      <Routes>
        <Route path="*" element={<SignedInLayout />} />
      </Routes>
    </MemoryRouter>,
  );
  return {
    side: within(screen.getByRole('navigation', { name: 'Main navigation' })),
    tabs: within(screen.getByRole('navigation', { name: 'Tab navigation' })),
  };
}

describe('SignedInLayout navigation (spec §2: the current item is highlighted)', () => {
  afterEach(cleanup);

  it('lists the spec items in order', () => {
    const { side } = renderAt('/story');
    expect(side.getAllByRole('link').map((link) => link.textContent)).toEqual(['My Story', 'Family', 'Friends', 'Vault', 'After Life']);
  });

  it('marks My Story as the page on /story', () => {
    const { side, tabs } = renderAt('/story');
    expect(side.getByRole('link', { name: 'My Story' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: 'My Story' }).getAttribute('aria-current')).toBe('page');
    expect(side.getByRole('link', { name: 'Family' }).getAttribute('aria-current')).toBeNull();
  });

  it.each(['/memories', '/photos', '/view-my-story', '/photos/'])('keeps My Story highlighted on its sub-page %s', (pathname) => {
    const { side, tabs } = renderAt(pathname);
    for (const nav of [side, tabs]) {
      const story = nav.getByRole('link', { name: 'My Story' });
      expect(story.getAttribute('aria-current')).toBe('true');
      expect(story.className).toMatch(/bg-primary|text-primary/);
      expect(nav.getByRole('link', { name: 'Vault' }).getAttribute('aria-current')).toBeNull();
    }
  });

  it('highlights nothing on pages outside the navigation', () => {
    for (const pathname of ['/settings', '/profile', '/dashboard']) {
      const { side } = renderAt(pathname);
      expect(side.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([]);
      cleanup();
    }
  });
});

describe('isSignedInPath (spec §2 header)', () => {
  it.each([
    ['/dashboard', true],
    ['/view-my-story', true],
    ['/photos/extra', true],
    ['/', false],
    ['/faq', false],
    ['/login', false],
    ['/reset-password', false],
    ['/verify-email', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isSignedInPath(pathname)).toBe(expected);
  });
});
