import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@shared/schemas/auth';
import { Toaster } from '@web/components/ui/toaster';
import { EmailAddressCard } from './email-address-card';
import { StorageBreakdown } from './storage-usage-card';

const user: User = {
  id: 1,
  firstName: 'Rose',
  surname: 'Tyler',
  email: 'rose@example.com',
  dateOfBirth: '1980-04-01',
  mobileNumber: null,
  isWaitlisted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  profilePicture: null,
  cityOfBirth: null,
  address: null,
  gender: null,
  emailVerified: false,
  pendingEmail: null,
  isAdministrator: false,
  language: null,
};

function renderCard(overrides: Partial<User>) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ message: 'We have sent you a new link.' }), { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EmailAddressCard user={{ ...user, ...overrides }} />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('EmailAddressCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a verified address with no resend button', () => {
    renderCard({ emailVerified: true });
    expect(screen.getByText('rose@example.com')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend verification e-mail' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change e-mail address' })).toBeTruthy();
  });

  it('offers to resend the link for an unverified address and shows the server message', async () => {
    const fetchMock = renderCard({ emailVerified: false });
    expect(screen.getByText('Not verified')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' })));
    await waitFor(() => expect(screen.getByText('We have sent you a new link.')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith('/api/user/email/verification', expect.objectContaining({ method: 'POST' }));
  });

  it('shows a pending new address beside the current one', () => {
    renderCard({ emailVerified: true, pendingEmail: 'rose.new@example.com' });
    expect(screen.getByText('rose.new@example.com')).toBeTruthy();
    expect(screen.getByText('Waiting for verification:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification e-mail' })).toBeTruthy();
  });
});

describe('StorageBreakdown', () => {
  afterEach(cleanup);

  it('says how much of the quota is used and what each kind takes', () => {
    render(
      <StorageBreakdown
        usage={{
          usedBytes: 3 * 1024 * 1024,
          quotaBytes: 10 * 1024 * 1024 * 1024,
          byKind: { photos: 2 * 1024 * 1024, attachments: 1024 * 1024, vault: 0, profile: 0 },
        }}
      />,
    );
    expect(screen.getAllByText('3.00 MB of 10.00 GB used')).toHaveLength(1);
    expect(screen.getByRole('img', { name: '3.00 MB of 10.00 GB used' })).toBeTruthy();
    expect(screen.getByText('Photos').nextSibling?.textContent).toBe('2.00 MB');
    expect(screen.getByText('Vault').nextSibling?.textContent).toBe('0 Bytes');
  });
});
