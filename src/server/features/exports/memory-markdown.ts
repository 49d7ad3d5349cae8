// memories/*.md: each memory as Markdown with YAML front matter, readable in any editor and by static-site
// and note tools (Obsidian, Jekyll, Hugo) that understand front matter.
import { stringify } from 'yaml';
import type { ExportMemory, HeirloomExport } from '@shared/export-format';

/** From memories/<name>.md to a path under the archive's root. */
const fromMemories = (archivePath: string) => `../${archivePath}`;

export function memoryMarkdown(memory: ExportMemory, document: Pick<HeirloomExport, 'photos' | 'documents'>): string {
  const photos = document.photos.filter((p) => p.memoryId === memory.id);
  const documents = document.documents.filter((d) => d.memoryId === memory.id);
  const front: Record<string, unknown> = {
    title: memory.title,
    date: memory.eventDate,
    place: memory.location,
    tags: memory.tags,
    attachments: memory.attachments.map((a) => fromMemories(a.path)),
  };
  if (photos.length > 0) front.photos = photos.map((p) => fromMemories(p.path));
  if (documents.length > 0) front.documents = documents.map((d) => fromMemories(d.path));
  // dates stay strings ('2024-05-01'), never YAML timestamps that a reader would turn into a time zone
  const yaml = stringify(front, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0 });
  return `---\n${yaml}---\n\n${memory.content.replace(/\r\n?/g, '\n').trimEnd()}\n`;
}
