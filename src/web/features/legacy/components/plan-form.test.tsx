import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LegacyPlan } from '@shared/schemas/legacy';
import { PlanForm } from './plan-form';
import { contactFixture } from '@tests/helpers/contact-fixture';

const contact = contactFixture;

// Zed is a verifier already, far down a long contact book: not on the first page.
const plan: LegacyPlan = {
  checkInMonths: 6,
  vetoDays: 30,
  verifiersRequired: 1,
  verifiers: [{ contactId: 900, name: 'Zed Lee', email: 'zed@example.com', language: null, confirmedAt: null }],
  pausedUntil: null,
};

function renderForm() {
  const saved: unknown[] = [];
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(url);
      if (init?.method === 'PUT') {
        saved.push(JSON.parse(init.body as string));
        return Response.json(plan);
      }
      if (url === '/api/legacy/plan') return Response.json(plan);
      if (url === '/api/legacy/status') return Response.json({ configured: true, state: 'active' });
      if (url.startsWith('/api/contacts/page?')) return Response.json({ items: [contact(1, 'Ada'), contact(2, 'Bo')], nextCursor: 'next' });
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PlanForm />
    </QueryClientProvider>,
  );
  return { saved, urls };
}

describe('PlanForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads one page of contacts, names verifiers beyond it, and saves them with those chosen', async () => {
    const { saved, urls } = renderForm();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Bo Lee/ }));
    expect(screen.getByText('Chosen: Zed Lee, Bo Lee')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
    expect(urls.filter((url) => url.startsWith('/api/contacts'))).toEqual(['/api/contacts/page?limit=60']);

    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ verifierContactIds: [900, 2] });
  });

  it('cancels Enter in the contact search, whose default would submit the plan', async () => {
    renderForm();
    const search = await screen.findByLabelText('Find a contact');
    fireEvent.change(search, { target: { value: 'bo' } });
    // fireEvent returns false when a handler called preventDefault (jsdom does not submit on Enter itself)
    expect(fireEvent.keyDown(search, { key: 'Enter' })).toBe(false);
    expect(fireEvent.keyDown(search, { key: 'b' })).toBe(true);
  });

  it('allows no waiting time only when two verifiers must agree, and says why', async () => {
    const { saved } = renderForm();
    const none = await screen.findByRole('radio', { name: 'None' });
    expect((none as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/“None” needs at least two verifiers who must agree/)).toBeTruthy();
    expect(screen.getByText(/You are e-mailed at every address the moment the first of them reports it/)).toBeTruthy();

    fireEvent.click(await screen.findByRole('checkbox', { name: /Bo Lee/ }));
    fireEvent.change(screen.getByLabelText('How many must confirm'), { target: { value: '2' } });
    expect((none as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(none);
    expect(screen.getByText(/When 2 of them confirm, your heirs are told at once, with no waiting time\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ vetoDays: 0, verifiersRequired: 2, verifierContactIds: [900, 2] });

    // one who must confirm again: "None" cannot stay chosen
    fireEvent.change(screen.getByLabelText('How many must confirm'), { target: { value: '1' } });
    expect((screen.getByRole('radio', { name: '1 day' }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the shared contract’s message on its field, and takes it away once corrected', async () => {
    const { saved } = renderForm();
    const months = await screen.findByLabelText('Check in every (months)');
    fireEvent.change(months, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    const message = await screen.findByText('Check in every 3 to 18 months');
    expect(months.getAttribute('aria-invalid')).toBe('true');
    expect(months.getAttribute('aria-describedby')).toBe(message.id);
    expect(saved).toHaveLength(0);

    fireEvent.change(months, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByText('Check in every 3 to 18 months')).toBeNull());
    fireEvent.submit(months.closest('form')!);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(JSON.stringify(saved[0])).toBe(
      JSON.stringify({ checkInMonths: 12, vetoDays: 30, verifierContactIds: [900], verifiersRequired: 1, pausedUntil: null }),
    );
  });
});
