// Collections: their title and description, and the photos, memories and documents gathered in each.
import type { ExportCollection } from '@shared/export-format';
import { type Archive, thumbnailSrc } from '../archive';
import { fileUrl, h } from '../dom';
import { plural } from '../format';
import { documentLink, links, memoryCard, photoThumb, type Screen } from '../parts';
import { notFound } from './not-found';

function cover(archive: Archive, collection: ExportCollection): HTMLElement | null {
  const index = collection.coverPhotoId === null ? undefined : archive.photoIndex.get(collection.coverPhotoId);
  const photo = index === undefined ? undefined : archive.photos[index];
  const src = photo ? thumbnailSrc(photo) : null;
  return src ? h('img', { class: 'cover', src: fileUrl(src), alt: '', loading: 'lazy' }) : null;
}

export function collectionsScreen(archive: Archive): Screen {
  const list = archive.data.collections;
  const node = h(
    'div',
    null,
    h('h1', null, 'Collections'),
    list.length === 0 ? h('p', null, 'This archive holds no collections.') : null,
    ...list.map((c) =>
      h(
        'article',
        { class: 'card collection' },
        cover(archive, c),
        h('h2', null, h('a', { href: links.collection(c.id) }, c.title)),
        h('p', { class: 'meta' }, plural(c.items.length, 'item', 'items')),
        c.description ? h('p', null, c.description) : null,
      ),
    ),
  );
  return { title: 'Collections', node };
}

export function collectionScreen(archive: Archive, id: number): Screen {
  const collection = archive.data.collections.find((c) => c.id === id);
  if (!collection) return notFound('This collection is not in the archive.');
  const photos = collection.items.flatMap((i) => {
    const index = i.kind === 'photo' ? archive.photoIndex.get(i.id) : undefined;
    const photo = index === undefined ? undefined : archive.photos[index];
    return photo ? [photo] : [];
  });
  const memories = collection.items.flatMap((i) => (i.kind === 'memory' ? (archive.memoryById.get(i.id) ?? []) : []));
  const documents = collection.items.flatMap((i) => (i.kind === 'document' ? (archive.documentById.get(i.id) ?? []) : []));
  const node = h(
    'div',
    null,
    h('h1', null, collection.title),
    collection.description ? h('p', null, collection.description) : null,
    memories.length > 0 ? h('section', null, h('h2', null, 'Memories'), ...memories.map((m) => memoryCard(m))) : null,
    photos.length > 0 ? h('section', null, h('h2', null, 'Photos'), h('div', { class: 'grid' }, ...photos.map(photoThumb))) : null,
    documents.length > 0
      ? h('section', null, h('h2', null, 'Documents'), h('ul', null, ...documents.map((d) => h('li', null, documentLink(d)))))
      : null,
    collection.items.length === 0 ? h('p', null, 'This collection is empty.') : null,
    h('p', null, h('a', { href: links.collections }, 'All collections')),
  );
  return { title: collection.title, node };
}
