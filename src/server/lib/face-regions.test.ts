import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { namedRegionsOf, orientBox } from './face-regions';

describe('the named faces a file holds', () => {
  it('reads MWG regions (centre and size) as boxes from their top-left corner, faces with a name only', () => {
    const regions = namedRegionsOf({
      RegionInfo: {
        AppliedToDimensions: { W: 800, H: 600, Unit: 'pixel' },
        RegionList: [
          { Area: { X: 0.5, Y: 0.4, W: 0.2, H: 0.3, Unit: 'normalized' }, Name: ' Rose Martin ', Type: 'Face' },
          { Area: { X: 0.2, Y: 0.2, W: 0.1, H: 0.1, Unit: 'normalized' }, Name: 'The dog', Type: 'Pet' },
          { Area: { X: 0.8, Y: 0.8, W: 0.1, H: 0.1, Unit: 'normalized' }, Type: 'Face' },
          { Area: { X: 0.95, Y: 0.5, W: 0.2, H: 0.2, Unit: 'normalized' }, Name: 'At the edge', Type: 'Face' },
        ],
      },
    });
    expect(regions).toHaveLength(2);
    expect(regions[0]!.name).toBe('Rose Martin');
    expect(regions[0]!.box.x).toBeCloseTo(0.4);
    expect(regions[0]!.box.y).toBeCloseTo(0.25);
    expect(regions[0]!.box.width).toBeCloseTo(0.2);
    expect(regions[0]!.box.height).toBeCloseTo(0.3);
    expect(regions[1]!.box.x + regions[1]!.box.width).toBeCloseTo(1); // cut at the picture's edge
  });

  it('reads Microsoft People Tags when there are no MWG regions, and ignores what cannot be a box', () => {
    expect(
      namedRegionsOf({
        RegionInfoMP: {
          Regions: [
            { PersonDisplayName: 'Arthur', Rectangle: '0.1, 0.2, 0.3, 0.4' },
            { PersonDisplayName: 'Nobody', Rectangle: 'one, two' },
            { PersonDisplayName: 'Outside', Rectangle: '1.5, 0.2, 0.3, 0.4' },
          ],
        },
      }),
    ).toEqual([{ name: 'Arthur', box: { x: 0.1, y: 0.2, width: expect.closeTo(0.3), height: expect.closeTo(0.4) } }]);
    expect(namedRegionsOf({})).toEqual([]);
    expect(namedRegionsOf({ RegionInfo: 'nonsense', RegionInfoMP: { Regions: 'x' } })).toEqual([]);
  });

  it('turns the regions of a photo stored turned (EXIF Orientation) as the picture is turned to be seen', () => {
    // a face at the top left of the stored picture, a fifth wide and a tenth high
    const box = { x: 0.1, y: 0.2, width: 0.2, height: 0.1 };
    const close = (b: typeof box) => ({
      x: expect.closeTo(b.x),
      y: expect.closeTo(b.y),
      width: expect.closeTo(b.width),
      height: expect.closeTo(b.height),
    });
    expect(orientBox(box, 1)).toEqual(box);
    expect(orientBox(box, undefined)).toEqual(box);
    expect(orientBox(box, 2)).toEqual(close({ x: 0.7, y: 0.2, width: 0.2, height: 0.1 })); // mirrored
    expect(orientBox(box, 3)).toEqual(close({ x: 0.7, y: 0.7, width: 0.2, height: 0.1 })); // upside down
    expect(orientBox(box, 6)).toEqual(close({ x: 0.7, y: 0.1, width: 0.1, height: 0.2 })); // turned a quarter clockwise
    expect(orientBox(box, 8)).toEqual(close({ x: 0.2, y: 0.7, width: 0.1, height: 0.2 })); // a quarter anticlockwise
    expect(orientBox(box, 5)).toEqual(close({ x: 0.2, y: 0.1, width: 0.1, height: 0.2 }));
    const region = {
      RegionInfo: { RegionList: [{ Area: { X: 0.2, Y: 0.25, W: 0.2, H: 0.1, Unit: 'normalized' }, Name: 'Rose', Type: 'Face' }] },
    };
    expect(namedRegionsOf({ ...region, Orientation: 6 })[0]!.box).toEqual(close({ x: 0.7, y: 0.1, width: 0.1, height: 0.2 }));
    expect(namedRegionsOf({ ...region, Orientation: 6, FileType: 'HEIC' })[0]!.box).toEqual(close(box)); // its container turns it
  });

  it('turns a box exactly as sharp turns the picture, for every orientation', async () => {
    // a white patch in a black stored picture of 100 × 50, at x 0.1–0.3 and y 0.2–0.3
    const stored = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: 20, height: 5, channels: 3, background: '#fff' } }, left: 10, top: 10 }])
      .png()
      .toBuffer();
    for (const orientation of [2, 3, 4, 5, 6, 7, 8]) {
      const { data, info } = await sharp(await sharp(stored).jpeg({ quality: 100 }).withMetadata({ orientation }).toBuffer())
        .rotate()
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let [left, top, right, bottom] = [info.width, info.height, 0, 0];
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++)
          if (data[y * info.width + x]! > 128)
            [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + 1), Math.max(bottom, y + 1)];
      const seen = { x: left / info.width, y: top / info.height, width: (right - left) / info.width, height: (bottom - top) / info.height };
      const turned = orientBox({ x: 0.1, y: 0.2, width: 0.2, height: 0.1 }, orientation);
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(turned[key] - seen[key]), `orientation ${orientation} ${key}`).toBeLessThan(0.03);
    }
  });
});
