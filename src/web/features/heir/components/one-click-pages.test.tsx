import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelScreen } from './cancel-screen';
import { CheckInScreen } from './check-in-screen';
import { VerifierScreen } from './verifier-screen';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage(page: ReactNode, answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof renderPage>, index = 0) =>
  JSON.parse(fetchMock.mock.calls[index]![1]!.body as string) as unknown;

describe('the one-click pages of the Legacy Plan', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('check-in: one click says the plan carries on and when the next check-in is', async () => {
    const fetchMock = renderPage(<CheckInScreen token={TOKEN} />, () =>
      json(200, { message: 'Thank you.', nextCheckInAt: '2027-05-04T12:00:00.000Z' }),
    );
    expect(fetchMock).not.toHaveBeenCalled(); // arriving sends nothing: mail scanners open links too
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm still here" }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Next check-in: May 4, 2027.');
    // the button that was pressed is gone: focus is on what happened
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Thank you — your plan carries on.' }));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/legacy/check-in/confirm');
    expect(bodyOf(fetchMock)).toEqual({ token: TOKEN });
  });

  it('check-in: without a next date from the server it still thanks the owner', async () => {
    renderPage(<CheckInScreen token={TOKEN} />, () => json(200, { message: 'Thank you. heirloom knows you are still there.' }));
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm still here" }));
    expect((await screen.findByRole('status')).textContent).toBe('heirloom will ask again when your next check-in is due.');
  });

  it('check-in: a used or expired link says so and suggests signing in, which counts too', async () => {
    renderPage(<CheckInScreen token={TOKEN} />, () => json(410, { message: 'This link has expired.' }));
    fireEvent.click(screen.getByRole('button', { name: "Yes, I'm still here" }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'It has expired or was already used. Signing in to heirloom also counts as a check-in.',
    );
    expect(screen.getByRole('link', { name: 'Sign in to heirloom' }).getAttribute('href')).toBe('/login');
  });

  it('check-in: a token of the wrong shape is refused without asking the server', () => {
    const fetchMock = renderPage(<CheckInScreen token="short" />, () => json(200, {}));
    expect(screen.getByRole('heading', { level: 1, name: 'This link does not work any more' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('cancel: one click cancels the release', async () => {
    const fetchMock = renderPage(<CancelScreen token={TOKEN} />, () => new Response(null, { status: 204 }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the release' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cancelled. Nothing was released, and your verifiers have been told.');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/legacy/veto/confirm');
    expect(bodyOf(fetchMock)).toEqual({ token: TOKEN });
  });

  it('cancel: a dead link gives the server’s reason and the way that always works', async () => {
    renderPage(<CancelScreen token={TOKEN} />, () => json(400, { message: 'This link has expired or has already been used.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the release' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or has already been used. Signing in also cancels a pending release.',
    );
  });

  it('cancel: once the plan is released it says it is too late, with no false hope', async () => {
    renderPage(<CancelScreen token={TOKEN} />, () => json(409, { message: 'This Legacy Plan has already been released.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the release' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'It is too late to cancel' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This Legacy Plan has already been released.');
  });

  it('cancel: a failure that is not the link keeps the button for another try', async () => {
    renderPage(<CancelScreen token={TOKEN} />, () => json(500, { message: 'Internal Server Error' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the release' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Internal Server Error');
    expect(screen.getByRole('button', { name: 'Cancel the release' })).toBeTruthy();
  });

  it('verifier: explains what confirming means and confirms only through the dialog', async () => {
    let confirmed = false;
    const fetchMock = renderPage(<VerifierScreen token={TOKEN} />, (_url, init) => {
      if (init?.method === 'POST') confirmed = true;
      return json(200, { ownerName: 'Ada Byron', alreadyConfirmed: confirmed, state: 'verifying' });
    });
    expect(
      await screen.findByText('Confirm only if you know that Ada Byron has died. Ada Byron is told first and can still cancel.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Confirm Ada Byron's death" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm that Ada Byron has died?' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, confirm' }));
    expect(dialog).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toMatch(/^Your confirmation is recorded\./);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/legacy/verify/${TOKEN}`);
  });

  it('verifier: an unknown link says it does not work any more', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeTruthy();
  });

  it('verifier: someone who already confirmed is thanked, not asked again', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () => json(200, { ownerName: 'Ada Byron', alreadyConfirmed: true, state: 'veto' }));
    expect(await screen.findByText(/Ada Byron is told first and can still cancel/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Your confirmation is recorded\./);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
