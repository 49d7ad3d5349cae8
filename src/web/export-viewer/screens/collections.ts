// Collections: their title and description, and the photos, memories and documents gathered in each.
import type { ExportCollection } from '@shared/export-format';
import { type Archive, thumbnailSrc } from '../archive';
import { fileUrl, h } from '../dom';
import { documentLink, links, memoryCard, photoThumb, type Screen } from '../parts';
import { notFound } from './not-found';
import { intl } from '../i18n';

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
    h('h1', null, intl.formatMessage({ id: 'exportViewer.collections.title', defaultMessage: 'Collections' })),
    list.length === 0
      ? h('p', null, intl.formatMessage({ id: 'exportViewer.collections.none', defaultMessage: 'This archive holds no collections.' }))
      : null,
    ...list.map((c) =>
      h(
        'article',
        { class: 'card collection' },
        cover(archive, c),
        h('h2', null, h('a', { href: links.collection(c.id) }, c.title)),
        h(
          'p',
          { class: 'meta' },
          intl.formatMessage(
            { id: 'exportViewer.collections.items', defaultMessage: '{count, plural, one {# item} other {# items}}' },
            { count: c.items.length },
          ),
        ),
        c.description ? h('p', null, c.description) : null,
      ),
    ),
  );
  return { title: intl.formatMessage({ id: 'exportViewer.collections.title', defaultMessage: 'Collections' }), node };
}

export function collectionScreen(archive: Archive, id: number): Screen {
  const collection = archive.data.collections.find((c) => c.id === id);
  if (!collection)
    return notFound(
      intl.formatMessage({ id: 'exportViewer.collections.notFound', defaultMessage: 'This collection is not in the archive.' }),
    );
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
    memories.length > 0
      ? h(
          'section',
          null,
          h('h2', null, intl.formatMessage({ id: 'exportViewer.collections.memories', defaultMessage: 'Memories' })),
          ...memories.map((m) => memoryCard(m)),
        )
      : null,
    photos.length > 0
      ? h(
          'section',
          null,
          h('h2', null, intl.formatMessage({ id: 'exportViewer.collections.photos', defaultMessage: 'Photos' })),
          h('div', { class: 'grid' }, ...photos.map(photoThumb)),
        )
      : null,
    documents.length > 0
      ? h(
          'section',
          null,
          h('h2', null, intl.formatMessage({ id: 'exportViewer.collections.documents', defaultMessage: 'Documents' })),
          h('ul', null, ...documents.map((d) => h('li', null, documentLink(d)))),
        )
      : null,
    collection.items.length === 0
      ? h('p', null, intl.formatMessage({ id: 'exportViewer.collections.empty', defaultMessage: 'This collection is empty.' }))
      : null,
    h(
      'p',
      null,
      h('a', { href: links.collections }, intl.formatMessage({ id: 'exportViewer.collections.all', defaultMessage: 'All collections' })),
    ),
  );
  return { title: collection.title, node };
}
