import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAddressBarParam } from './use-address-bar-param';

function Page({ keepForReload }: { keepForReload: boolean }) {
  const value = useAddressBarParam('token', { keepForReload });
  const location = useLocation();
  return (
    <>
      <p data-testid="value">{value}</p>
      <p data-testid="url">{`${location.pathname}${location.search}`}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
    </>
  );
}

function renderAt(entry: string | { pathname: string; state: unknown }, keepForReload = false) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/legacy/check-in" element={<Page keepForReload={keepForReload} />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('useAddressBarParam', () => {
  afterEach(cleanup);

  it('reads the secret once and takes it out of the address bar, keeping the other parameters', () => {
    renderAt('/legacy/check-in?lang=en&token=abc');
    expect(screen.getByTestId('value').textContent).toBe('abc');
    expect(screen.getByTestId('url').textContent).toBe('/legacy/check-in?lang=en');
    expect(screen.getByTestId('state').textContent).toBe('null');
  });

  it('keeps a one-click token in the history entry, so a reload still has it', () => {
    renderAt('/legacy/check-in?token=abc', true);
    expect(screen.getByTestId('url').textContent).toBe('/legacy/check-in');
    expect(screen.getByTestId('state').textContent).toBe('{"token":"abc"}');
    cleanup();
    renderAt({ pathname: '/legacy/check-in', state: { token: 'abc' } }, true);
    expect(screen.getByTestId('value').textContent).toBe('abc');
  });
});
