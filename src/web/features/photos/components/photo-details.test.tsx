import { describe, expect, it } from 'vitest';
import { openStreetMapUrl, placeCoordinates } from './photo-details';

describe('placeCoordinates', () => {
  it('reads "lat, long" in decimal degrees', () => {
    expect(placeCoordinates('48.8584, 2.2945')).toEqual({ lat: 48.8584, lon: 2.2945 });
    expect(placeCoordinates(' -33.9,151.2 ')).toEqual({ lat: -33.9, lon: 151.2 });
  });

  it('leaves place names and impossible coordinates alone', () => {
    expect(placeCoordinates('Paris')).toBeNull();
    expect(placeCoordinates('Paris, France')).toBeNull();
    expect(placeCoordinates('91, 10')).toBeNull();
    expect(placeCoordinates('10, 181')).toBeNull();
    expect(placeCoordinates(null)).toBeNull();
  });

  it('links to OpenStreetMap with a marker', () => {
    expect(openStreetMapUrl({ lat: 48.8584, lon: 2.2945 })).toBe(
      'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=15/48.8584/2.2945',
    );
  });
});
