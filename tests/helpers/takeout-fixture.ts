// A Google Photos Takeout, generated (never a committed binary), shaped as Google documents and writes it:
// Takeout/Google Photos/<album or "Photos from YYYY">/<media> with a JSON sidecar beside each file — the
// older `IMG.jpg.json`, the newer `IMG.jpg.supplemental-metadata.json`, Google's names cut at 51 characters
// (`…supplemental-metad.json`), `(1)` copies, "-edited" copies, a video, an album's metadata.json, and a
// photo that is both in an album and in its year folder. Split in two parts like a large Takeout, with one
// sidecar in the other part than its photo.
import sharp from 'sharp';
import yazl from 'yazl';

const ROOT = 'Takeout/Google Photos';

/** A small JPEG, unique by its colour (so by its sha256), optionally with EXIF date and GPS. */
export async function jpeg(seed: number, exif?: { date?: string; gps?: boolean }): Promise<Buffer> {
  const background = { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 };
  const img = sharp({ create: { width: 24, height: 16, channels: 3, background } });
  if (!exif) return img.jpeg().toBuffer();
  return img
    .withExif({
      IFD0: { Make: 'Google', Model: 'Pixel 3' },
      ...(exif.date && { IFD2: { DateTimeOriginal: exif.date } }),
      ...(exif.gps && { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '20/1 0/1 0/1' } }),
    })
    .jpeg()
    .toBuffer();
}

const sidecar = (o: { title: string; taken?: number; lat?: number; lng?: number; description?: string }) =>
  Buffer.from(
    JSON.stringify({
      title: o.title,
      description: o.description ?? '',
      imageViews: '3',
      creationTime: { timestamp: '1700000000', formatted: 'Nov 14, 2023, 10:13:20 PM UTC' },
      photoTakenTime: o.taken === undefined ? undefined : { timestamp: String(o.taken), formatted: '' },
      geoData: { latitude: o.lat ?? 0, longitude: o.lng ?? 0, altitude: 0, latitudeSpan: 0, longitudeSpan: 0 },
      geoDataExif: { latitude: 0, longitude: 0, altitude: 0, latitudeSpan: 0, longitudeSpan: 0 },
      url: 'https://photos.google.com/photo/AF1Qip',
      googlePhotosOrigin: { mobileUpload: { deviceType: 'ANDROID_PHONE' } },
    }),
  );

/** 2019-01-01T12:34:56Z, 2020-06-15T08:00:00Z, … as Unix seconds. */
export const TAKEN = { a: 1546346096, b: 1592208000, c: 1262304000, d: 1300000000, e: 1400000000 } as const;

export interface TakeoutFixture {
  parts: Buffer[];
  /** What the import should find. */
  expect: {
    photos: number;
    collections: Array<{ title: string; description: string; photos: number }>;
    videos: string[];
  };
}

/** Zips entries (path → bytes) with yazl. */
export function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

export async function takeoutFixture(): Promise<TakeoutFixture> {
  const year = `${ROOT}/Photos from 2019`;
  const album = `${ROOT}/Summer trip`;
  const longName = 'IMG_20190101_123456789_HDR.jpg';
  const shared = await jpeg(5); // in the album and in its year folder: one photo, in the collection
  const part1: Array<[string, Buffer]> = [
    // the older sidecar name; no EXIF date: the sidecar's is used, and its place and description
    [`${year}/IMG_0001.JPG`, await jpeg(1)],
    [
      `${year}/IMG_0001.JPG.json`,
      sidecar({ title: 'IMG_0001.JPG', taken: TAKEN.a, lat: 48.8584, lng: 2.2945, description: 'New year in Paris' }),
    ],
    // the newer sidecar name; its own EXIF date and GPS win over the sidecar's
    [`${year}/IMG_0002.jpg`, await jpeg(2, { date: '2018:05:06 07:08:09', gps: true })],
    [`${year}/IMG_0002.jpg.supplemental-metadata.json`, sidecar({ title: 'IMG_0002.jpg', taken: TAKEN.b, lat: 1, lng: 1 })],
    // Google cut the sidecar's name at 51 characters
    [`${year}/${longName}`, await jpeg(3)],
    [`${year}/${longName}.supplemental-metad.json`, sidecar({ title: longName, taken: TAKEN.c })],
    // a "(1)" copy of a different photo with the same name, its sidecar named the older way
    [`${year}/IMG(1).jpg`, await jpeg(4)],
    [`${year}/IMG(1).jpg.json`, sidecar({ title: 'IMG.jpg', taken: TAKEN.d })],
    // an edited copy of IMG_0001.JPG: skipped
    [`${year}/IMG_0001-edited.JPG`, await jpeg(11)],
    // the same bytes again under another name: a duplicate, skipped
    [`${year}/IMG_0001 copy.JPG`, await jpeg(1)],
    [`${year}/IMG_0005.jpg`, shared],
    [`${year}/IMG_0005.jpg.json`, sidecar({ title: 'IMG_0005.jpg', taken: TAKEN.e })],
    // a video heirloom does not keep: refused with its reason
    [`${year}/VID_0001.mp4`, Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(64, 1)])],
    [`${year}/VID_0001.mp4.json`, sidecar({ title: 'VID_0001.mp4', taken: TAKEN.a })],
  ];
  const part2: Array<[string, Buffer]> = [
    [`${album}/metadata.json`, Buffer.from(JSON.stringify({ title: 'Summer trip', description: 'Sea and sun', access: 'protected' }))],
    [`${album}/IMG_0005.jpg`, shared],
    [`${album}/IMG_0005.jpg.json`, sidecar({ title: 'IMG_0005.jpg', taken: TAKEN.e })],
    [`${album}/IMG_0006.jpg`, await jpeg(6)],
    // this photo's sidecar sits in the first part
    [`${ROOT}/Photos from 2020/IMG_0007.jpg`, await jpeg(7)],
  ];
  part1.push([`${ROOT}/Photos from 2020/IMG_0007.jpg.supplemental-metadata.json`, sidecar({ title: 'Beach', taken: TAKEN.b })]);
  return {
    parts: [await zipOf(part1), await zipOf(part2)],
    expect: {
      // IMG_0001, 0002, the long name, IMG(1), 0005, 0006, 0007
      photos: 7,
      collections: [{ title: 'Summer trip', description: 'Sea and sun', photos: 2 }],
      videos: [`${year}/VID_0001.mp4`],
    },
  };
}

export { sidecar as takeoutSidecar };
