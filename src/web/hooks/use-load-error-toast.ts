import { useEffect } from 'react';
import { toast } from '@web/components/ui/use-toast';

type LoadState = { isError: boolean; errorUpdatedAt: number };

/** spec §8: a screen whose data fails to load says so in a destructive toast too, once per failure. */
export function useLoadErrorToast(query: LoadState, description: string) {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast({ variant: 'destructive', title: 'Error', description });
  }, [isError, errorUpdatedAt, description]);
}
