// Documents: each with its description, date and a link that opens the original file.
import type { ExportDocument } from '@shared/export-format';
import { type Archive } from '../archive';
import { h } from '../dom';
import { formatBytes, formatDay } from '../format';
import { links, meta, originalLink, type Screen } from '../parts';
import { notFound } from './not-found';
import { intl } from '../i18n';

function documentView(archive: Archive, doc: ExportDocument, heading: 'h1' | 'h2'): HTMLElement {
  const memory = doc.memoryId === null ? undefined : archive.memoryById.get(doc.memoryId);
  return h(
    'article',
    { class: 'card document', id: `document-${doc.id}` },
    h(heading, null, heading === 'h2' ? h('a', { href: links.document(doc.id) }, doc.fileName) : doc.fileName),
    meta(
      intl.formatMessage({ id: 'exportViewer.documents.added', defaultMessage: 'Added {date}' }, { date: formatDay(doc.uploadedAt) }),
      formatBytes(doc.size),
    ),
    doc.description ? h('p', null, doc.description) : null,
    memory
      ? h(
          'p',
          null,
          ...intl.formatNodes(
            { id: 'exportViewer.documents.partOfMemory', defaultMessage: 'Part of the memory <link>{title}</link>' },
            { title: memory.title, link: (chunks) => h('a', { href: links.memory(memory.id) }, ...chunks) },
          ),
        )
      : null,
    h(
      'p',
      null,
      originalLink(
        doc.path,
        intl.formatMessage({ id: 'exportViewer.documents.open', defaultMessage: 'Open {name}' }, { name: doc.fileName }),
      ),
    ),
  );
}

export function documentsScreen(archive: Archive): Screen {
  const node = h(
    'div',
    null,
    h('h1', null, intl.formatMessage({ id: 'exportViewer.documents.title', defaultMessage: 'Documents' })),
    meta(
      intl.formatMessage(
        { id: 'exportViewer.documents.count', defaultMessage: '{count, plural, one {# document} other {# documents}}' },
        { count: archive.documents.length },
      ),
    ),
    ...archive.documents.map((doc) => documentView(archive, doc, 'h2')),
  );
  return { title: intl.formatMessage({ id: 'exportViewer.documents.title', defaultMessage: 'Documents' }), node };
}

export function documentScreen(archive: Archive, id: number): Screen {
  const doc = archive.documentById.get(id);
  if (!doc)
    return notFound(intl.formatMessage({ id: 'exportViewer.documents.notFound', defaultMessage: 'This document is not in the archive.' }));
  return {
    title: doc.fileName,
    node: h(
      'div',
      null,
      documentView(archive, doc, 'h1'),
      h(
        'p',
        null,
        h('a', { href: links.documents }, intl.formatMessage({ id: 'exportViewer.documents.all', defaultMessage: 'All documents' })),
      ),
    ),
  };
}
