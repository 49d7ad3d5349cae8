import { useSearchParams } from 'react-router';

/**
 * The item a link opens on a list screen (`/memories?memory=12`, decision 034): its id, or null when the
 * parameter is absent or names nothing; `close` drops the parameter (keeping the others).
 */
export function useOpenedId(param: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(param);
  const id = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const close = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  return { id, close };
}
