import type { Photo } from '@shared/schemas/photos';

/** A ready photo as the API answers it, for component tests; `fields` sets what the test is about. */
export const photoFixture = (id: number, fields: Partial<Photo> = {}): Photo => ({
  id,
  userId: 1,
  memoryId: null,
  filePath: `/api/photos/image/${id}`,
  fileName: `IMG_${id}.jpg`,
  fileSize: '1234',
  mimeType: 'image/jpeg',
  title: null,
  description: null,
  isPublic: false,
  exifData: null,
  dateTaken: null,
  location: null,
  cameraInfo: null,
  tags: [],
  labels: [],
  width: 10,
  height: 10,
  derivativeStatus: 'ready',
  mediaType: 'image',
  video: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...fields,
});
