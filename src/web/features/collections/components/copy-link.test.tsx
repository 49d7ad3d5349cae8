import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyLink } from './copy-link';

const URL_TO_COPY = 'http://heirloom.test/s/abcdefghijklmnopqrstuvwxyz';

function setClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

describe('CopyLink', () => {
  afterEach(() => {
    cleanup();
    setClipboard(undefined);
  });

  it('writes the link to the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    render(<CopyLink url={URL_TO_COPY} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(URL_TO_COPY));
    expect(screen.getByRole('status').textContent).toBe('Link copied');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the link in a field to copy by hand when the browser refuses', async () => {
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new Error('denied'))) });
    render(<CopyLink url={URL_TO_COPY} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const field = await screen.findByRole('textbox', { name: /Select the link and copy it/ });
    expect((field as HTMLInputElement).value).toBe(URL_TO_COPY);
  });

  it('falls back the same way where there is no clipboard at all (plain http)', async () => {
    setClipboard(undefined);
    render(<CopyLink url={URL_TO_COPY} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('textbox', { name: /Select the link and copy it/ })).toBeTruthy();
  });
});
