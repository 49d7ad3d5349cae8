import { QueryClient } from '@tanstack/react-query';

// spec §7 and §9 defaults, in one place: no retries, no background refetching, never stale.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
