// Documents: each with its description, date and a link that opens the original file.
import type { ExportDocument } from '@shared/export-format';
import { type Archive } from '../archive';
import { h } from '../dom';
import { formatBytes, formatDay, plural } from '../format';
import { links, meta, originalLink, type Screen } from '../parts';
import { notFound } from './not-found';

function documentView(archive: Archive, doc: ExportDocument, heading: 'h1' | 'h2'): HTMLElement {
  const memory = doc.memoryId === null ? undefined : archive.memoryById.get(doc.memoryId);
  return h(
    'article',
    { class: 'card document', id: `document-${doc.id}` },
    h(heading, null, heading === 'h2' ? h('a', { href: links.document(doc.id) }, doc.fileName) : doc.fileName),
    meta(`Added ${formatDay(doc.uploadedAt)}`, formatBytes(doc.size)),
    doc.description ? h('p', null, doc.description) : null,
    memory ? h('p', null, 'Part of the memory ', h('a', { href: links.memory(memory.id) }, memory.title)) : null,
    h('p', null, originalLink(doc.path, `Open ${doc.fileName}`)),
  );
}

export function documentsScreen(archive: Archive): Screen {
  const node = h(
    'div',
    null,
    h('h1', null, 'Documents'),
    meta(plural(archive.documents.length, 'document', 'documents')),
    ...archive.documents.map((doc) => documentView(archive, doc, 'h2')),
  );
  return { title: 'Documents', node };
}

export function documentScreen(archive: Archive, id: number): Screen {
  const doc = archive.documentById.get(id);
  if (!doc) return notFound('This document is not in the archive.');
  return {
    title: doc.fileName,
    node: h('div', null, documentView(archive, doc, 'h1'), h('p', null, h('a', { href: links.documents }, 'All documents'))),
  };
}
