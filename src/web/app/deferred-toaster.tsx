import { lazy, Suspense, useState } from 'react';
import { useToast } from '@web/components/ui/use-toast';

const Toaster = lazy(() => import('@web/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Radix Toast is loaded with the first toast rather than with the landing page; then it stays mounted. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && toasts.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
