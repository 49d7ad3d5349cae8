import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SharedWithMe } from '@shared/schemas/sharing';
import { queryKeys } from '@web/lib/query-keys';
import { isSignedInPath, pageAt } from '../pages';
import { SignedInLayout } from './signed-in-layout';

/** `sharedWithMe`: what GET /api/shared-with-me answered (the navigation shows "Shared with me" only when it is not empty). */
function renderAt(pathname: string, sharedWithMe: SharedWithMe = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(queryKeys.shared.withMe, sharedWithMe);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[pathname]}>
        <Routes>
          <Route path="*" element={<SignedInLayout />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    side: within(screen.getByRole('navigation', { name: 'Main navigation' })),
    tabs: within(screen.getByRole('navigation', { name: 'Tab navigation' })),
  };
}

describe('SignedInLayout navigation (spec §2: the current item is highlighted)', () => {
  afterEach(cleanup);

  it('lists the spec items in order, with People (issue 29) after My Story', () => {
    const { side } = renderAt('/story');
    expect(side.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'My Story',
      'People',
      'Family',
      'Friends',
      'Vault',
      'Collections',
      'After Life',
    ]);
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

  it('shows Shared with me only to a user who has received something, and keeps it highlighted on a shared collection', () => {
    const received: SharedWithMe = [
      {
        ownerName: 'Ada Byron',
        collections: [{ grantId: 3, title: 'Lake', description: null, coverUrl: null, itemCount: 2, sharedAt: '2026-11-20T10:00:00.000Z' }],
      },
    ];
    expect(renderAt('/story').side.queryByRole('link', { name: 'Shared with me' })).toBeNull();
    cleanup();
    const { side, tabs } = renderAt('/shared-with-me/3', received);
    for (const nav of [side, tabs]) expect(nav.getByRole('link', { name: 'Shared with me' }).getAttribute('aria-current')).toBe('true');
  });

  it('keeps Collections highlighted on one collection’s page (a path with a parameter)', () => {
    const { side } = renderAt('/collections/12');
    expect(side.getByRole('link', { name: 'Collections' }).getAttribute('aria-current')).toBe('true');
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
    ['/collections/12', true],
    ['/', false],
    ['/faq', false],
    ['/login', false],
    ['/reset-password', false],
    ['/verify-email', false],
    ['/s/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', false],
    ['/shared-with-me/3', true],
  ])('%s → %s', (pathname, expected) => {
    expect(isSignedInPath(pathname)).toBe(expected);
  });
});

describe('pageAt with parameters', () => {
  it('finds the share link page for any token, as a public page', () => {
    expect(pageAt('/s/abcdefghijklmnopqrstuvwxyz/')?.access).toBe('public');
    expect(pageAt('/s')).toBeUndefined();
    expect(pageAt('/s/a/b')).toBeUndefined();
  });
});
