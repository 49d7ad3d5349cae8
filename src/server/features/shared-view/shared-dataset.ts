// What a grant reaches, as an export dataset (decision 028): a share link's "Download all" and an heir's
// "Download everything" are placed by the same archive builder as "Export everything" (decision 054),
// limited to what the grant shows. Without "Include places" pictures, sound and video go as their kept
// copies without places (lib/place-free-copies.ts: a picture keeps its pixels and date, and one naming no
// place goes as stored; a gallery video as its playable copy), and what has no such copy that can be made
// stays out; the document's places are null. The owner's own ids never appear: items are numbered afresh
// inside the archive, and the owner's e-mail and contacts stay out. The people in the photos go only with a grant
// that includes names, and then only the named, shown ones: their names and boxes, one person a name.
import type { ExportAttachment, ExportCollection, ExportDocument, ExportMemory, ExportPerson, ExportPhoto } from '@shared/export-format';
import type { FileStore } from '../../lib/file-store';
import { mayNamePlace, type PlaceFreeCopies } from '../../lib/place-free-copies';
import { createArchiveBuilder, type ArchiveFile, type OriginalBytes, type ExportDataset } from '../exports/exports.service';
import type { ShareGrant, SharedViewRepo } from './shared-view.repo';

interface Deps {
  repo: SharedViewRepo;
  files: FileStore;
  placeFree: PlaceFreeCopies;
}

/** Collects one or more grants (an heir's releases) into one archive; the same item reached twice is kept once. */
export function createSharedDataset(
  { repo, files, placeFree }: Deps,
  about: { scope: 'shared' | 'legacy'; title: string; ownerName: string; now: Date },
) {
  const archive = createArchiveBuilder(files, 'skip');
  const photos = new Map<number, ExportPhoto>();
  const memories = new Map<number, ExportMemory>();
  const documents = new Map<string, ExportDocument>();
  const collections: ExportCollection[] = [];
  /** By name: the archive knows people only by the names the grants show. */
  const people = new Map<string, ExportPerson>();
  const nextId = { photo: 1, memory: 1, attachment: 1, document: 1, collection: 1, person: 1 };
  /** Whether every grant so far kept places: the document says so only if all did. */
  let includesPlaces = true;

  /**
   * The stored file, or its copy without places when the grant leaves them out. Undefined when that copy
   * cannot be made (a damaged picture, a sound ffmpeg cannot remux): left out rather than sent with its places.
   */
  async function served(g: ShareGrant, key: string, fileName: string, mimeType: string, size: number): Promise<OriginalBytes | undefined> {
    const asStored = (at: string) => ({ open: async () => files.openRead(at), mimeType, fileName, ...(at === key ? { size } : {}) });
    if (g.includePlaces || !mayNamePlace(mimeType)) return asStored(key);
    // made before the archive starts, so a file that cannot be copied leaves no broken zip behind
    const copyKey = await placeFree.keyOf(key, mimeType).catch(() => undefined);
    return copyKey ? asStored(copyKey) : undefined;
  }

  /** The copies a grant without places needs, made two at a time before the archive is written in order. */
  async function prepare(wanted: Array<{ key: string; mimeType: string }>) {
    await Promise.all(wanted.filter((f) => mayNamePlace(f.mimeType)).map((f) => placeFree.keyOf(f.key, f.mimeType).catch(() => undefined)));
  }

  return {
    /** Adds what one grant shows; `asCollection` lists its items as a collection (named after the grant, or `title`). */
    async add(g: ShareGrant, asCollection: boolean, title = g.title) {
      includesPlaces &&= g.includePlaces;
      const [photoRows, memoryRows, attachmentRows, documentRows] = await Promise.all([
        repo.listPhotos(g),
        repo.listMemories(g),
        repo.listAttachments(g),
        repo.listDocuments(g),
      ]);
      const items: ExportCollection['items'] = [];
      let coverPhotoId: number | null = null;
      // none read unless the grant includes names
      const names = await repo.namesIn(
        g,
        photoRows.map((p) => p.photoId),
      );
      const personOf = (name: string) => {
        let person = people.get(name);
        if (!person) people.set(name, (person = { id: nextId.person++, name, contactId: null, hidden: false, onThisDay: true }));
        return person.id;
      };
      if (!g.includePlaces) {
        await prepare([...photoRows.filter((p) => !p.videoPlayback), ...attachmentRows, ...documentRows]);
      }

      for (const p of photoRows) {
        let record = photos.get(p.photoId);
        if (!record) {
          // a video is the builder's to place (without places: its playable copy); a picture is served like any file
          const entry = await archive.photo(p, g.includePlaces, () => served(g, p.key, p.fileName, p.mimeType, p.fileSize));
          if (!entry) continue; // lost from storage, or without a copy that leaves its places out
          record = { ...entry, id: nextId.photo++, tags: [], memoryId: null };
          photos.set(p.photoId, record);
        }
        const named = names.get(p.photoId) ?? [];
        if (named.length > 0 && !record.faces?.length)
          record.faces = named.map((n) => ({ box: n.box, personId: personOf(n.name), source: n.source }));
        items.push({ kind: 'photo', id: record.id });
        if (p.photoId === g.coverPhotoId || coverPhotoId === null) coverPhotoId = record.id;
      }

      for (const m of memoryRows) {
        let record = memories.get(m.memoryId);
        if (!record) {
          const attachments: ExportAttachment[] = [];
          for (const a of attachmentRows.filter((x) => x.memoryId === m.memoryId)) {
            const entry = await archive.attachment(a, m, () => served(g, a.key, a.fileName, a.mimeType, a.fileSize));
            if (entry) attachments.push({ ...entry, id: nextId.attachment++ });
          }
          record = { ...archive.memory(m, g.includePlaces, attachments), id: nextId.memory++ };
          memories.set(m.memoryId, record);
        }
        items.push({ kind: 'memory', id: record.id });
      }

      for (const d of documentRows) {
        let record = documents.get(d.key);
        if (!record) {
          const entry = await archive.document(d, () => served(g, d.key, d.name, d.mimeType, d.fileSize));
          if (!entry) continue;
          record = { ...entry, id: nextId.document++, memoryId: null };
          documents.set(d.key, record);
        }
        items.push({ kind: 'document', id: record.id });
      }

      if (asCollection) {
        collections.push({
          id: nextId.collection++,
          title,
          description: g.description,
          coverPhotoId,
          createdAt: g.createdAt.toISOString(),
          items,
        });
      }
    },

    /** Files that are not part of the document (an heir's letters): placed as they are, hashed like the rest. */
    addFile(file: ArchiveFile) {
      archive.addFile(file);
    },

    dataset(): ExportDataset {
      const [firstName, ...rest] = about.ownerName.trim().split(/\s+/);
      return archive.dataset({
        exportedAt: about.now.toISOString(),
        scope: about.scope,
        title: about.title,
        includesPlaces,
        owner: {
          firstName: firstName ?? '',
          surname: rest.join(' '),
          email: null,
          dateOfBirth: null,
          cityOfBirth: null,
          address: null,
          mobileNumber: null,
          profilePicture: null,
        },
        photos: [...photos.values()],
        memories: [...memories.values()],
        documents: [...documents.values()],
        contacts: [],
        collections,
        ...(people.size > 0 && { people: [...people.values()] }),
      });
    },
  };
}

export type SharedDataset = ReturnType<typeof createSharedDataset>;
