import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CancelScreen } from './cancel-screen';
import { CheckInScreen } from './check-in-screen';
import { ReachableScreen } from './reachable-screen';
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

  it('reachable: one click confirms the address; a link that is not one says so', async () => {
    const fetchMock = renderPage(<ReachableScreen token={TOKEN} />, () =>
      json(200, { ownerName: 'Rose King', message: "Thank you. Rose King's plan can reach you at this address." }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, this address reaches me' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      "Thank you. Rose King's plan can reach you at this address. Nothing else is needed; heirloom will ask again in a year.",
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/legacy/reachable/confirm');
    expect(bodyOf(fetchMock)).toEqual({ token: TOKEN });
    cleanup();
    renderPage(<ReachableScreen token={TOKEN} />, () => json(404, { message: 'This link is not valid.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, this address reaches me' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' })).toBeTruthy();
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

  const link = (over: object = {}) => ({
    ownerName: 'Ada Byron',
    alreadyConfirmed: false,
    state: 'active',
    verifiersRequired: 1,
    confirmations: 0,
    waitingDays: 7,
    vetoEndsAt: null,
    ...over,
  });

  it('verifier: explains what confirming means and confirms only through the dialog', async () => {
    let confirmed = false;
    const fetchMock = renderPage(<VerifierScreen token={TOKEN} />, (_url, init) => {
      if (init?.method === 'POST') confirmed = true;
      return json(
        200,
        link(confirmed ? { alreadyConfirmed: true, state: 'veto', confirmations: 1, vetoEndsAt: '2031-05-10T12:00:00.000Z' } : {}),
      );
    });
    const consequence = 'Ada Byron is e-mailed at once and has 7 days to cancel before what they left is handed on.';
    expect(await screen.findByText('Confirm only if you know that Ada Byron has died.')).toBeTruthy();
    expect(screen.getByText(consequence)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Confirm Ada Byron's death" }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm that Ada Byron has died?' });
    expect(dialog.textContent).toContain(consequence);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, confirm' }));
    expect(dialog).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your confirmation is recorded.Enough of the people Ada Byron chose have confirmed. Ada Byron has been e-mailed and can cancel until 10 May 2031; then what they left is handed on.',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/legacy/verify/${TOKEN}`);
  });

  it('verifier: with no waiting time, the last confirmation needed says before the tap that it hands everything on at once', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () =>
      json(200, link({ state: 'verifying', verifiersRequired: 2, confirmations: 1, waitingDays: 0 })),
    );
    const immediate =
      'Your confirmation is the last one needed: what Ada Byron left is handed on to their heirs at once, with no waiting time, and can no longer be cancelled.';
    expect(await screen.findByText(immediate)).toBeTruthy();
    expect(screen.queryByText(/told first/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Confirm Ada Byron's death" }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(immediate);
  });

  it('verifier: the first of two with no waiting time hears that the owner is told and nothing is handed on yet', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () => json(200, link({ verifiersRequired: 2, waitingDays: 0 })));
    expect(
      await screen.findByText(
        'Ada Byron is e-mailed at once and can cancel. Nothing is handed on until 2 of the people Ada Byron chose have confirmed (0 so far); then it is handed on at once, with no waiting time.',
      ),
    ).toBeTruthy();
  });

  it('verifier: after a release the page shows no button that can no longer do anything', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () => json(200, link({ state: 'released' })));
    expect(await screen.findByText('What Ada Byron left has been handed on to their heirs. There is nothing more to do.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('verifier: an unknown link says it does not work any more', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () => json(404, { message: 'Not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work any more.' })).toBeTruthy();
  });

  it('verifier: someone who already confirmed is thanked, not asked again', async () => {
    renderPage(<VerifierScreen token={TOKEN} />, () =>
      json(200, link({ alreadyConfirmed: true, state: 'verifying', verifiersRequired: 3, confirmations: 1 })),
    );
    expect(
      await screen.findByText(
        'Ada Byron has been e-mailed and can cancel. Nothing is handed on until 3 of the people Ada Byron chose have confirmed (1 so far); then Ada Byron still has 7 days to cancel.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Your confirmation is recorded\./);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
