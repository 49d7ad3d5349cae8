import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID, VERIFY_LINK_INVALID } from '@shared/schemas/auth';
import { Toaster } from '@web/components/ui/toaster';
import { useUser } from '../api';
import { ResetPasswordForm } from './reset-password-form';
import { VerifyEmailStatus } from './verify-email-status';

const TOKEN = 'a'.repeat(43);

function renderWith(ui: ReactNode, answer: (url: string) => Response) {
  const fetchMock = vi.fn(async (url: string) => (url === '/api/user' ? new Response('{}', { status: 401 }) : answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{ui}</MemoryRouter>
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

async function fillPasswords(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: confirm } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' })));
}

describe('ResetPasswordForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a link without a usable token before sending anything', () => {
    const fetchMock = renderWith(<ResetPasswordForm token="short" />, () => json(200, {}));
    expect(screen.getByText('This link is not valid. Please ask for a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('applies the registration password rules in the browser', async () => {
    const fetchMock = renderWith(<ResetPasswordForm token={TOKEN} />, () => json(200, {}));
    await fillPasswords('short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/password/reset', expect.anything());
  });

  it('shows the success message with a way to log in', async () => {
    renderWith(<ResetPasswordForm token={TOKEN} />, () => json(200, { message: 'Your password has been changed.' }));
    await fillPasswords('New-Password-1!');
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });

  it('shows the server message for a used or expired link, with a way to ask for a new one', async () => {
    renderWith(<ResetPasswordForm token={TOKEN} />, () => json(400, { message: RESET_LINK_INVALID }));
    await fillPasswords('New-Password-1!');
    expect(await screen.findByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});

describe('VerifyEmailStatus', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the token once, even under StrictMode, and shows the success', async () => {
    const fetchMock = renderWith(<VerifyEmailStatus token={TOKEN} />, () => json(200, { message: 'Your e-mail address is verified.' }));
    expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/email/verify');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String((posts[0] as unknown as [string, RequestInit])[1].body))).toEqual({ token: TOKEN });
  });

  it('shows the verified user even when the page began fetching the user before the link was checked', async () => {
    // The page load's fetch of the user read the account before the link was checked and answers last.
    let answerFirstFetch = () => {};
    let userFetches = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/email/verify') return json(200, { message: 'Your e-mail address is verified.' });
      userFetches += 1;
      if (userFetches > 1) return json(200, { id: 1, emailVerified: true });
      await new Promise<void>((resolve) => (answerFirstFetch = resolve));
      return json(200, { id: 1, emailVerified: false });
    });
    vi.stubGlobal('fetch', fetchMock);
    function VerifiedProbe() {
      const user = useUser();
      return <p>{user.data ? `verified: ${String(user.data.emailVerified)}` : 'no user yet'}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <VerifyEmailStatus token={TOKEN} />
          <VerifiedProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/email/verify', expect.anything()));
    await act(async () => answerFirstFetch());
    expect(await screen.findByText('verified: true')).toBeTruthy();
    expect(screen.queryByText('verified: false')).toBeNull();
  });

  it("shows the server's message for a used link", async () => {
    renderWith(<VerifyEmailStatus token={TOKEN} />, () => json(400, { message: VERIFY_LINK_INVALID }));
    expect(await screen.findByText(VERIFY_LINK_INVALID)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Log in to ask for a new link' })).toBeTruthy());
  });
});
