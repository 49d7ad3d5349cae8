import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '@web/lib/query-client';

/**
 * TanStack Query for every page but the landing page, which needs none: provided here, in a chunk loaded
 * with the first page that does, it stays off the landing page's first load (~9 KB gzipped). Every scope
 * shares the one queryClient, so the cache lives across them.
 */
export function QueryScope({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
