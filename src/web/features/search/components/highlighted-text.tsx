import type { Highlighted } from '@shared/schemas/search';

/** The server's text with its match ranges as <mark>: text nodes only, never HTML from the server. */
export function HighlightedText({ value }: { value: Highlighted }) {
  const parts = [];
  let at = 0;
  for (const [start, end] of value.ranges) {
    if (start < at || end > value.text.length) continue; // overlapping or out of range: show as plain text
    if (start > at) parts.push(value.text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
        {value.text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < value.text.length) parts.push(value.text.slice(at));
  return <>{parts}</>;
}
