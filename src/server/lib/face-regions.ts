// The people a photo's own metadata names (issue 29): face regions written by digiKam, Picasa, Lightroom,
// Apple Photos (MWG regions, XMP-mwg-rs) or Windows Photo Gallery (Microsoft People Tags, XMP-MP), as boxes in
// fractions of the picture with the name given to each.
import { exiftool } from './exiftool';

export interface NamedRegion {
  name: string;
  box: { x: number; y: number; width: number; height: number };
}

const MAX_NAME = 500;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A box from a region's top-left corner and size, inside the picture, or undefined when it has no size there. */
function boxOf(left: number, top: number, width: number, height: number): NamedRegion['box'] | undefined {
  const x = clamp01(left);
  const y = clamp01(top);
  const w = clamp01(left + width) - x;
  const h = clamp01(top + height) - y;
  return w > 0 && h > 0 ? { x, y, width: w, height: h } : undefined;
}

const nameOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, MAX_NAME) : undefined);

/** MWG regions name their centre (normalized units); only faces with a name are kept. */
function mwgRegions(info: unknown): NamedRegion[] {
  const list = (info as { RegionList?: unknown } | undefined)?.RegionList;
  const regions: NamedRegion[] = [];
  for (const region of Array.isArray(list) ? list : []) {
    const { Area: area, Name, Type } = (region ?? {}) as { Area?: Record<string, unknown>; Name?: unknown; Type?: unknown };
    const name = nameOf(Name);
    if (!name || (Type !== undefined && Type !== 'Face') || !area) continue;
    if (area.Unit !== undefined && area.Unit !== 'normalized') continue;
    const { X, Y, W, H } = area;
    if (!isNumber(X) || !isNumber(Y) || !isNumber(W) || !isNumber(H)) continue;
    const box = boxOf(X - W / 2, Y - H / 2, W, H);
    if (box) regions.push({ name, box });
  }
  return regions;
}

/** Microsoft People Tags: "left, top, width, height" in fractions. */
function microsoftRegions(info: unknown): NamedRegion[] {
  const list = (info as { Regions?: unknown } | undefined)?.Regions;
  const regions: NamedRegion[] = [];
  for (const region of Array.isArray(list) ? list : []) {
    const { PersonDisplayName, Rectangle } = (region ?? {}) as { PersonDisplayName?: unknown; Rectangle?: unknown };
    const name = nameOf(PersonDisplayName);
    const numbers = typeof Rectangle === 'string' ? Rectangle.split(',').map((part) => Number(part.trim())) : [];
    if (!name || numbers.length !== 4 || !numbers.every(Number.isFinite)) continue;
    const box = boxOf(numbers[0]!, numbers[1]!, numbers[2]!, numbers[3]!);
    if (box) regions.push({ name, box });
  }
  return regions;
}

type Point = [number, number];
/** Where a point of the stored picture is seen once EXIF Orientation 1–8 is applied (as sharp shows it). */
const ORIENTED: Record<number, (p: Point) => Point> = {
  2: ([u, v]) => [1 - u, v],
  3: ([u, v]) => [1 - u, 1 - v],
  4: ([u, v]) => [u, 1 - v],
  5: ([u, v]) => [v, u],
  6: ([u, v]) => [1 - v, u],
  7: ([u, v]) => [1 - v, 1 - u],
  8: ([u, v]) => [v, 1 - u],
};

/**
 * MWG: "Region metadata is applied to the stored image. When applying a rotation by applying Exif Orientation,
 * the rotation must be applied to the regions as well." heirloom's boxes are of the picture as seen, so a region
 * of a turned photo is turned with it (Microsoft's tags are taken the same way).
 */
export function orientBox(box: NamedRegion['box'], orientation: unknown): NamedRegion['box'] {
  const turn = typeof orientation === 'number' ? ORIENTED[orientation] : undefined;
  if (!turn) return box;
  const [ax, ay] = turn([box.x, box.y]);
  const [bx, by] = turn([box.x + box.width, box.y + box.height]);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}

interface RegionTags {
  RegionInfo?: unknown;
  RegionInfoMP?: unknown;
  Orientation?: unknown;
  FileType?: unknown;
}

/** HEIF pictures turn by their own transforms, which the decoder applies; their EXIF Orientation only repeats it. */
const TURNED_BY_CONTAINER = new Set(['HEIC', 'HEIF', 'AVIF']);

/** The named faces in metadata already read (MWG first; Microsoft's only when there are no MWG regions). */
export function namedRegionsOf(tags: RegionTags): NamedRegion[] {
  const mwg = mwgRegions(tags.RegionInfo);
  const regions = mwg.length > 0 ? mwg : microsoftRegions(tags.RegionInfoMP);
  const orientation = TURNED_BY_CONTAINER.has(String(tags.FileType)) ? 1 : tags.Orientation;
  return regions.map((region) => ({ ...region, box: orientBox(region.box, orientation) }));
}

/** The named faces in the picture at `file`; none when its metadata cannot be read. */
export async function readNamedRegions(file: string): Promise<NamedRegion[]> {
  try {
    return namedRegionsOf((await exiftool.read(file)) as RegionTags);
  } catch {
    return [];
  }
}
