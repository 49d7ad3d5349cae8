import { describe, expect, it } from 'vitest';
import { bookInputSchema } from '@shared/schemas/books';
import { toBookInput } from './make-book-dialog';

const base = {
  title: 'Our family',
  dedication: '  ',
  pageSize: '6x9' as const,
  chapters: 'theme' as const,
  which: 'all' as const,
  collectionId: '',
  interviewId: '',
  from: '',
  to: '',
  includePhotos: true,
  coverPhotoId: '',
  voiceExpiry: 'none' as const,
  voiceUntil: '',
};

describe('the Make a book form', () => {
  it('sends what the API takes: all memories, no dedication, no cover, links that keep working', () => {
    const input = toBookInput(base);
    expect(input).toEqual({
      title: 'Our family',
      dedication: null,
      pageSize: '6x9',
      chapters: 'theme',
      memories: { all: true },
      includePhotos: true,
      coverPhotoId: null,
      voiceLinks: { expiresAt: null },
    });
    expect(bookInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends a collection, an interview, a period, a cover and a last day for the links as the API reads them', () => {
    expect(toBookInput({ ...base, which: 'collection', collectionId: '7' }).memories).toEqual({ collectionId: 7 });
    expect(toBookInput({ ...base, which: 'interview', interviewId: '4' }).memories).toEqual({ interviewId: 4 });
    expect(bookInputSchema.safeParse(toBookInput({ ...base, which: 'interview', interviewId: '4' })).success).toBe(true);
    expect(toBookInput({ ...base, which: 'period', from: '1960-01-01', to: '1969-12-31' }).memories).toEqual({
      from: '1960-01-01',
      to: '1969-12-31',
    });
    const dated = toBookInput({ ...base, coverPhotoId: '3', voiceExpiry: 'date', voiceUntil: '2030-05-01' });
    expect(dated.coverPhotoId).toBe(3);
    // the whole chosen day, in the viewer's own time
    expect(new Date(dated.voiceLinks.expiresAt!).getTime()).toBe(new Date('2030-05-01T23:59:59').getTime());
    expect(bookInputSchema.safeParse(dated).success).toBe(true);
  });
});
