import { Button } from '@web/components/ui/button';

/** spec §2: 'Error loading timeline: {message}' with a 'Try Again' button that reloads the page. */
export function TimelineError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-red-50 p-6 text-center">
      <p className="text-destructive">Error loading timeline: {message}</p>
      <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}
