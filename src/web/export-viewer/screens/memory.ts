// One memory: its text, place, tags, attachments (pictures shown, audio playable) and what is linked to it.
import type { ExportAttachment } from '@shared/export-format';
import { type Archive, displaySrc, isPicture } from '../archive';
import { fileUrl, h } from '../dom';
import { formatBytes, formatItemDay } from '../format';
import { documentLink, links, meta, originalLink, photoThumb, type Screen, tagList } from '../parts';
import { notFound } from './not-found';
import { intl } from '../i18n';

function attachmentView(file: ExportAttachment): HTMLElement {
  const src = displaySrc(file);
  if (isPicture(file) && src)
    return h(
      'figure',
      { class: 'attachment' },
      h('img', { src: fileUrl(src), alt: file.fileName }),
      h('figcaption', null, originalLink(file.path, file.fileName)),
    );
  if (file.mimeType.startsWith('audio/') || file.mimeType.startsWith('video/')) {
    const tag = file.mimeType.startsWith('audio/') ? 'audio' : 'video';
    const player = h(
      tag,
      { controls: '', preload: 'metadata', src: fileUrl(file.path) },
      ...intl.formatNodes(
        { id: 'exportViewer.memory.cannotPlay', defaultMessage: 'Your browser cannot play this file: <link>open it</link>' },
        { link: (chunks) => originalLink(file.path, chunks.join('')) },
      ),
    );
    player.setAttribute('aria-label', file.fileName);
    return h('figure', { class: 'attachment' }, player, h('figcaption', null, originalLink(file.path, file.fileName)));
  }
  return h('p', { class: 'attachment' }, originalLink(file.path, file.fileName), ` (${formatBytes(file.size)})`);
}

/** Text as written: every non-empty line is a paragraph (heirloom.json keeps plain text). */
export function paragraphs(text: string): HTMLElement[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => h('p', null, line));
}

export function memoryScreen(archive: Archive, id: number): Screen {
  const memory = archive.memoryById.get(id);
  if (!memory)
    return notFound(intl.formatMessage({ id: 'exportViewer.memory.notFound', defaultMessage: 'This memory is not in the archive.' }));
  const photos = archive.photosByMemory.get(id) ?? [];
  const documents = archive.documentsByMemory.get(id) ?? [];
  const told = archive.toldBy.get(id);
  const node = h(
    'article',
    { class: 'memory' },
    h('h1', null, memory.title),
    meta(formatItemDay(memory.eventDate, memory.eventDatePrecision, memory.eventDateMargin), memory.location),
    told
      ? h(
          'p',
          { class: 'meta told-by' },
          told.question
            ? intl.formatMessage(
                { id: 'exportViewer.memory.toldByAnswering', defaultMessage: 'Told by {name}, answering “{question}”' },
                { name: told.name, question: told.question },
              )
            : intl.formatMessage({ id: 'exportViewer.memory.toldBy', defaultMessage: 'Told by {name}' }, { name: told.name }),
        )
      : null,
    tagList(memory.tags),
    h('div', { class: 'text' }, ...paragraphs(memory.content)),
    memory.attachments.length > 0
      ? h(
          'section',
          { 'aria-label': intl.formatMessage({ id: 'exportViewer.memory.attachments', defaultMessage: 'Attachments' }) },
          h('h2', null, intl.formatMessage({ id: 'exportViewer.memory.attachments', defaultMessage: 'Attachments' })),
          ...memory.attachments.map(attachmentView),
        )
      : null,
    photos.length > 0
      ? h(
          'section',
          null,
          h('h2', null, intl.formatMessage({ id: 'exportViewer.memory.photos', defaultMessage: 'Photos' })),
          h('div', { class: 'grid' }, ...photos.map(photoThumb)),
        )
      : null,
    documents.length > 0
      ? h(
          'section',
          null,
          h('h2', null, intl.formatMessage({ id: 'exportViewer.memory.documents', defaultMessage: 'Documents' })),
          h('ul', null, ...documents.map((d) => h('li', null, documentLink(d)))),
        )
      : null,
    h(
      'p',
      { class: 'meta' },
      ...intl.formatNodes(
        { id: 'exportViewer.memory.alsoText', defaultMessage: 'Also kept as text: <link>{file}</link>' },
        { file: memory.markdown, link: () => originalLink(memory.markdown, memory.markdown) },
      ),
    ),
    h(
      'p',
      null,
      h('a', { href: links.timeline }, intl.formatMessage({ id: 'exportViewer.memory.back', defaultMessage: 'Back to the timeline' })),
    ),
  );
  return { title: memory.title, node };
}
