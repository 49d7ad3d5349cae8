// Pieces several screens share: links between screens, a photo's thumbnail, a memory's card.
import type { ExportDocument, ExportMemory, ExportPhoto } from '@shared/export-format';
import { isVideo, thumbnailSrc } from './archive';
import { fileUrl, h } from './dom';
import { formatDuration, formatItemDay } from './format';
import { intl } from './i18n';

export const links = {
  timeline: '#/',
  memory: (id: number) => `#/memories/${id}`,
  photos: '#/photos',
  photo: (id: number) => `#/photos/${id}`,
  photosIn: (month: string) => `#/photos/in/${month}`,
  documents: '#/documents',
  document: (id: number) => `#/documents/${id}`,
  people: '#/people',
  person: (id: number) => `#/people/${id}`,
  collections: '#/collections',
  collection: (id: number) => `#/collections/${id}`,
};

/** What a screen gives the router: its heading for the tab title, its content, and what to undo on leaving. */
export interface Screen {
  title: string;
  node: Node;
  /** Runs once the node is in the page (scrolling, focus). */
  shown?: () => void;
  leave?: () => void;
}

export function photoLabel(photo: ExportPhoto): string {
  const name = photo.title ?? photo.fileName;
  return photo.dateTaken
    ? intl.formatMessage(
        { id: 'exportViewer.parts.photoLabel', defaultMessage: '{name}, {date}' },
        { name, date: formatItemDay(photo.dateTaken, photo.dateTakenPrecision, photo.dateTakenMargin) },
      )
    : name;
}

export function photoThumb(photo: ExportPhoto): HTMLElement {
  const src = thumbnailSrc(photo);
  const label = photoLabel(photo);
  return h(
    'a',
    { class: 'thumb', href: links.photo(photo.id), 'data-photo': String(photo.id), title: label },
    src
      ? h('img', { src: fileUrl(src), alt: label, loading: 'lazy', decoding: 'async' })
      : h('span', { class: 'thumb-name' }, photo.fileName),
    isVideo(photo) ? videoBadge(photo.durationMs ?? null) : null,
  );
}

/** The mark on a video's thumbnail: a play sign and its length ("Video, 0:42" to a screen reader). */
export function videoBadge(durationMs: number | null): HTMLElement {
  return h(
    'span',
    { class: 'badge' },
    h('span', { 'aria-hidden': 'true' }, '▶'),
    h(
      'span',
      { class: 'sr-only' },
      durationMs === null
        ? intl.formatMessage({ id: 'exportViewer.video.badge', defaultMessage: 'Video' })
        : `${intl.formatMessage({ id: 'exportViewer.video.badgeBeforeLength', defaultMessage: 'Video,' })} `,
    ),
    durationMs === null ? null : formatDuration(durationMs),
  );
}

export function tagList(tags: string[]): HTMLElement | null {
  if (tags.length === 0) return null;
  return h(
    'ul',
    { class: 'tags', 'aria-label': intl.formatMessage({ id: 'exportViewer.parts.tags', defaultMessage: 'Tags' }) },
    ...tags.map((tag) => h('li', null, tag)),
  );
}

/** A line of facts ("3 May 2024 · Lisbon"), empty parts left out. */
export function meta(...parts: (string | null | undefined)[]): HTMLElement {
  return h('p', { class: 'meta' }, parts.filter(Boolean).join(' · '));
}

export function firstLine(text: string, max = 180): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export function memoryCard(memory: ExportMemory, headingLevel: 'h3' | 'h4' = 'h3'): HTMLElement {
  return h(
    'article',
    { class: 'card memory-card' },
    h(headingLevel, null, h('a', { href: links.memory(memory.id) }, memory.title)),
    meta(formatItemDay(memory.eventDate, memory.eventDatePrecision, memory.eventDateMargin), memory.location),
    firstLine(memory.content) ? h('p', null, firstLine(memory.content)) : null,
  );
}

export function documentLink(doc: ExportDocument): HTMLElement {
  return h('a', { href: links.document(doc.id) }, doc.fileName);
}

/** Opens the original itself (a new tab, so the viewer stays where it was). */
export function originalLink(path: string, text: string): HTMLElement {
  return h('a', { href: fileUrl(path), target: '_blank', rel: 'noopener' }, text);
}
