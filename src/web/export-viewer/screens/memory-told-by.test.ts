// A memory an interview's answer became says who told it and which question it answers (decision 066); one whose
// interview is gone still says who told it; the owner's own memories say neither.
import { describe, expect, it } from 'vitest';
import type { ExportMemory, HeirloomExport } from '@shared/export-format';
import { loadArchive } from '../archive';
import { memoryScreen } from './memory';

const memory = (id: number, fields: Partial<ExportMemory> = {}): ExportMemory => ({
  id,
  title: `Memory ${id}`,
  content: 'Text.',
  eventDate: '2026-11-02',
  location: null,
  tags: [],
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  markdown: `memories/${id}.md`,
  attachments: [],
  ...fields,
});

const contact = { id: 7, firstName: 'Ada', lastName: 'Byron', email: null, phoneNumber: null, address: null, birthday: null };

const archive = loadArchive({
  photos: [],
  documents: [],
  collections: [],
  memories: [memory(1, { storytellerContactId: 7 }), memory(2, { storytellerContactId: 7 }), memory(3)],
  contacts: [{ ...contact, relationship: 'family', familyRelation: null, notes: null }],
  interviews: [
    {
      id: 4,
      storyteller: 'contact',
      contactId: 7,
      storytellerName: 'Ada Byron',
      schedule: null,
      status: 'active',
      createdAt: '2026-11-01T10:00:00.000Z',
      questions: [
        {
          id: 5,
          text: 'What was your first job?',
          theme: null,
          libraryId: null,
          position: 0,
          status: 'answered',
          sentAt: '2026-11-01T10:00:00.000Z',
          answeredAt: '2026-11-02T10:00:00.000Z',
          remindersSent: 0,
          memoryId: 1,
          followUpOf: null,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
    },
  ],
} as unknown as HeirloomExport);

const toldBy = (id: number) => (memoryScreen(archive, id).node as HTMLElement).querySelector('.told-by')?.textContent ?? null;

describe('the offline viewer and interviews', () => {
  it('names the storyteller and the question on a memory made from an answer', () => {
    expect(toldBy(1)).toBe('Told by Ada Byron, answering “What was your first job?”');
    expect(toldBy(2)).toBe('Told by Ada Byron');
    expect(toldBy(3)).toBeNull();
  });
});
