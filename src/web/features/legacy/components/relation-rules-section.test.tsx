import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegacyStatus, RelationRule } from '@shared/schemas/legacy';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { RelationRulesSection } from './relation-rules-section';

const rule: RelationRule = {
  id: 1,
  relation: 'grandchildren',
  label: 'each of your grandchildren',
  condition: 'after-death',
  target: { kind: 'collection', id: 3, title: 'Summers at the lake' },
  releaseAt: null,
  age: null,
  includeNames: false,
  ownerInTree: true,
  createdAt: '2026-11-30T00:00:00.000Z',
  members: [
    {
      treePersonId: 5,
      name: 'Anna King',
      relation: 'your granddaughter',
      status: 'receives',
      heirId: 9,
      hasKeyCode: false,
      message: 'Make Anna King’s key code and give them the Legacy Kit: without it, nothing released to them can be opened.',
    },
    {
      treePersonId: 6,
      name: 'Ben King',
      relation: 'your grandson',
      status: 'no-email',
      heirId: null,
      hasKeyCode: false,
      message: 'Ben King has no e-mail address yet: add one to their contact and they will receive this.',
    },
  ],
};

function renderSection(rules: RelationRule[], mailConfigured: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/legacy/relation-rules') return Response.json(rules);
      if (url === '/api/legacy/status') return Response.json({ mailConfigured } as Partial<LegacyStatus>);
      return Response.json([]);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RelationRulesSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RelationRulesSection', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await switchLanguage('en', { remember: false });
  });

  it('lists everyone a rule names, who receives and who cannot yet, and why', async () => {
    renderSection([rule], true);
    const named = await screen.findByRole('list', { name: 'Named by each of your grandchildren' });
    const [anna, ben] = within(named).getAllByRole('listitem');
    expect(anna!.textContent).toContain('Anna King · your granddaughter · receives it');
    expect(anna!.textContent).toContain('Make Anna King’s key code');
    expect(ben!.textContent).toContain('Ben King · your grandson · cannot receive it yet');
    expect(ben!.textContent).toContain('Ben King has no e-mail address yet');
    expect(screen.getByRole('heading', { name: 'Each of your grandchildren: Summers at the lake' })).toBeTruthy();
    expect(await screen.findByText(/You are e-mailed when someone new joins/)).toBeTruthy();
  });

  it('promises no mail the server cannot send, and says when the owner is not in the tree', async () => {
    renderSection([{ ...rule, ownerInTree: false, members: [] }], false);
    expect(await screen.findByText(/You are not in your family tree yet, so this names nobody/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the family tree' }).getAttribute('href')).toBe('/family/tree');
    expect(screen.queryByText(/e-mailed/)).toBeNull();
  });

  it('says the rule and why someone cannot receive yet in the page’s language, not the API’s English', async () => {
    await switchLanguage('de', { remember: false });
    renderSection([rule], true);
    const named = await screen.findByRole('list', { name: 'Genannt durch jedes Ihrer Enkelkinder' });
    const [anna, ben] = within(named).getAllByRole('listitem');
    expect(anna!.textContent).toContain('Erstellen Sie den Schlüsselcode für Anna King');
    expect(ben!.textContent).toContain('Ben King hat noch keine E-Mail-Adresse.');
    expect(named.textContent).not.toMatch(/e-mail address|key code/);
    expect(screen.getByRole('heading', { name: 'Jedes Ihrer Enkelkinder: Summers at the lake' })).toBeTruthy();
  });
});
