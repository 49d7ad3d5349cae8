// "Export everything": the owner's whole library as a dataset (decision 028), placed by the one archive
// builder (decision 054). Rows come from this feature's repo (owner in every WHERE); files are measured now,
// so progress knows its totals, and opened only when the zip reaches them. A missing original stops the
// export and says which one.
import type {
  ExportAttachment,
  ExportCollection,
  ExportDocument,
  ExportFace,
  ExportFile,
  ExportMemory,
  ExportPhoto,
} from '@shared/export-format';
import type { FileStore } from '../../lib/file-store';
import { sentence } from '../../lib/i18n';
import { createArchiveBuilder, MISSING_FILE } from './archive-builder';
import type { ExportDataset } from './export-dataset';
import type { ExportsRepo } from './exports.repo';
import { buildInterviews } from './interviews-dataset';
import { buildLegacyPlan } from './legacy-plan-dataset';
import type { LegacyPlanExportRepo } from './legacy-plan.repo';

export { MissingFileError } from './archive-builder';

const PROFILE_PICTURE_MIME = 'image/jpeg';

/** A box's fraction as stored (a 4-byte real) to six places: what the picture can tell apart, and readable JSON. */
const fraction = (v: number) => Math.min(1, Math.max(0, Math.round(v * 1e6) / 1e6));

export async function buildAccountDataset(
  { repo, planRepo, files, keyCodeSalt }: { repo: ExportsRepo; planRepo: LegacyPlanExportRepo; files: FileStore; keyCodeSalt: Buffer },
  userId: number,
  now: Date,
): Promise<ExportDataset> {
  const owner = await repo.owner(userId);
  if (!owner) throw new Error('The account is gone');
  const [photos, memories, attachments, documents, contacts, collections, items, people, faces, interviews, questions] = await Promise.all([
    repo.photos(userId),
    repo.memories(userId),
    repo.attachments(userId),
    repo.documents(userId),
    repo.contacts(userId),
    repo.collections(userId),
    repo.collectionItems(userId),
    repo.people(userId),
    repo.faces(userId),
    repo.interviews(userId),
    repo.interviewQuestions(userId),
  ]);
  const archive = createArchiveBuilder(files, 'stop');

  const profilePicture: ExportFile | null = owner.profilePicture
    ? ((await archive.original(
        owner.profilePicture,
        'originals/profile/profile-picture.jpg',
        'profile-picture.jpg',
        PROFILE_PICTURE_MIME,
        now,
        sentence(MISSING_FILE.profilePicture),
      )) ?? null)
    : null;

  // the people in the photos (decision 059): boxes and who they are; embeddings stay behind (the model's own)
  const exportedPeople = new Set(people.map((p) => p.id));
  const facesOf = new Map<number, ExportFace[]>();
  for (const f of faces) {
    const list = facesOf.get(f.photoId) ?? [];
    list.push({
      box: { x: fraction(f.x), y: fraction(f.y), width: fraction(f.width), height: fraction(f.height) },
      personId: f.personId !== null && exportedPeople.has(f.personId) ? f.personId : null,
      source: f.source,
    });
    facesOf.set(f.photoId, list);
  }

  const exportPhotos: ExportPhoto[] = [];
  for (const p of photos) {
    const entry = (await archive.photo(p, true))!;
    exportPhotos.push({ ...entry, id: p.id, tags: p.tags, memoryId: p.memoryId, faces: facesOf.get(p.id) ?? [], labels: p.labels });
  }

  const exportMemories: ExportMemory[] = [];
  for (const m of memories) {
    const exportAttachments: ExportAttachment[] = [];
    for (const a of attachments.filter((x) => x.memoryId === m.id)) {
      exportAttachments.push({ ...(await archive.attachment(a, m))!, id: a.id });
    }
    // who told it (decision 066): one of the exported contacts, or null for the owner's own
    exportMemories.push({ ...archive.memory(m, true, exportAttachments), id: m.id, storytellerContactId: m.storytellerContactId });
  }

  const exportDocuments: ExportDocument[] = [];
  for (const d of documents) {
    const words = d.textStatus === 'done' ? { text: d.text } : {};
    exportDocuments.push({ ...(await archive.document(d))!, id: d.id, memoryId: d.memoryId, ...words });
  }

  const exportCollections: ExportCollection[] = collections.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    coverPhotoId: c.coverPhotoId,
    createdAt: c.createdAt.toISOString(),
    personId: c.personId,
    items: items
      .filter((i) => i.collectionId === c.id)
      .map((i) =>
        i.photoId !== null
          ? { kind: 'photo' as const, id: i.photoId }
          : i.memoryId !== null
            ? { kind: 'memory' as const, id: i.memoryId }
            : { kind: 'document' as const, id: i.vaultFileId! },
      ),
  }));

  const legacyPlan = await buildLegacyPlan(planRepo, userId, keyCodeSalt, archive);

  return archive.dataset({
    exportedAt: now.toISOString(),
    scope: 'account',
    title: `${owner.firstName} ${owner.surname}`.trim() || 'heirloom',
    includesPlaces: true,
    owner: {
      firstName: owner.firstName,
      surname: owner.surname,
      email: owner.email,
      dateOfBirth: owner.dateOfBirth,
      cityOfBirth: owner.cityOfBirth,
      address: owner.address,
      mobileNumber: owner.mobileNumber,
      profilePicture,
    },
    photos: exportPhotos,
    memories: exportMemories,
    documents: exportDocuments,
    contacts: contacts.map((c) => ({
      id: c.id,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phoneNumber: c.phoneNumber,
      address: c.address,
      birthday: c.birthday,
      relationship: c.relationship,
      familyRelation: c.familyRelation,
      notes: c.notes,
      language: c.language,
    })),
    collections: exportCollections,
    legacyPlan,
    people,
    interviews: buildInterviews(interviews, questions, new Set(contacts.map((c) => c.id)), new Set(memories.map((m) => m.id))),
  });
}
