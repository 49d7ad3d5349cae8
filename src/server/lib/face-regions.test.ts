import { describe, expect, it } from 'vitest';
import { namedRegionsOf } from './face-regions';

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
});
