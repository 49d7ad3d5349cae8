import { Spinner } from '@web/components/ui/spinner';

/** The page-level loading state: used while the user or a lazy page loads (spec §2: "a spinner shows"). */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center">
      <Spinner label="Loading" className="size-8" />
    </div>
  );
}
