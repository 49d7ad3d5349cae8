// The viewer's only way to make DOM: text from the archive always becomes a text node, never HTML, so a
// title like "<script>" in heirloom.json is shown as written.

type Child = Node | string | null | undefined | false;
type Props = Record<string, string | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) if (value !== undefined) el.setAttribute(name, value);
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/**
 * A path inside the archive as a relative URL (index.html sits at the root). Each segment is encoded, so a
 * name with '#', '?', '%' or ':' still points at its file and can never become a `javascript:` URL.
 */
export function fileUrl(archivePath: string): string {
  return resolveFile(archivePath);
}

let resolveFile = (archivePath: string) => archivePath.split('/').map(encodeURIComponent).join('/');

/**
 * Where the viewer finds the archive's files when they are not beside index.html: the escrow opener
 * (src/web/escrow-opener) shows a sealed copy's files from object URLs it makes in the page.
 */
export function setFileUrlResolver(resolve: (archivePath: string) => string) {
  resolveFile = resolve;
}

/**
 * Renders `render()` into `box` only when the box comes near the screen: a library of 100,000 photos
 * costs one empty box per month until the reader scrolls there. `estimate` holds the space meanwhile so
 * the scroll bar and "jump to a month" stay roughly right.
 */
export function lazy(box: HTMLElement, estimatePx: number, render: () => Child[]) {
  let done = false;
  box.style.minHeight = `${estimatePx}px`;
  const fill = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    box.style.minHeight = '';
    append(box, render());
  };
  // A browser without IntersectionObserver (none current) simply renders everything.
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && fill(), { rootMargin: '1200px 0px' })
      : undefined;
  if (observer) observer.observe(box);
  else fill();
  /** Renders now (before scrolling to this box). */
  return { fill };
}
