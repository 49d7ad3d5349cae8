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

/** The named faces in metadata already read (MWG first; Microsoft's only when there are no MWG regions). */
export function namedRegionsOf(tags: { RegionInfo?: unknown; RegionInfoMP?: unknown }): NamedRegion[] {
  const mwg = mwgRegions(tags.RegionInfo);
  return mwg.length > 0 ? mwg : microsoftRegions(tags.RegionInfoMP);
}

/** The named faces in the picture at `file`; none when its metadata cannot be read. */
export async function readNamedRegions(file: string): Promise<NamedRegion[]> {
  try {
    return namedRegionsOf((await exiftool.read(file)) as { RegionInfo?: unknown; RegionInfoMP?: unknown });
  } catch {
    return [];
  }
}
