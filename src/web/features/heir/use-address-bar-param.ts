import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A value an earlier visit of this history entry moved out of the address bar (see below). */
export function fromEntryState(state: unknown, name: string): string | undefined {
  return isRecord(state) && typeof state[name] === 'string' ? state[name] : undefined;
}

/**
 * Reads a secret (a key code, a one-click token) from the query string once, then takes it out of the
 * address bar so it stays neither in the browser's history nor on screen for someone looking over a shoulder.
 * keepForReload keeps it in this tab's history entry (not the URL), so a reload of a one-click page still works;
 * a key code is never kept: it lives in memory only.
 */
export function useAddressBarParam(name: string, { keepForReload = false } = {}): string {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [value] = useState(() => searchParams.get(name) ?? (keepForReload ? fromEntryState(location.state, name) : undefined) ?? '');
  const navigate = useNavigate();
  const { pathname, search, hash } = location;

  // The address bar is outside React: replacing the entry is syncing with it, not deriving state.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const found = params.get(name);
    if (found === null) return;
    params.delete(name);
    const rest = params.toString();
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, preventScrollReset: true, state: keepForReload ? { [name]: found } : undefined },
    );
  }, [name, pathname, search, hash, navigate, keepForReload]);

  return value;
}
