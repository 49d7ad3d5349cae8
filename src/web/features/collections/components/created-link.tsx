import { CopyLink } from './copy-link';

/** Shown once a link is made: the URL itself, and Copy link. */
export function CreatedLink({ url, note }: { url: string; note: string }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4">
      <p className="text-sm">{note}</p>
      <p className="text-sm font-medium break-all">{url}</p>
      <CopyLink url={url} />
    </div>
  );
}
