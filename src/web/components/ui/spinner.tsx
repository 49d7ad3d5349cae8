import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

/** A spinning icon. With a label it is announced (role="status"); without one it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  if (!label) return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} />;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
    </span>
  );
}
