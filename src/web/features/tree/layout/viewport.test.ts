import { describe, expect, it } from 'vitest';
import { MAX_SCALE, MIN_SCALE, centredOn, isOnScreen, panBy, visibleRect, zoomAt } from './viewport';

describe('viewport', () => {
  it('zooms around a point, which stays where it was on screen', () => {
    const view = { x: 10, y: 20, k: 1 };
    const zoomed = zoomAt(view, 2, 110, 220);
    expect(zoomed.k).toBe(2);
    // the tree point under (110, 220) before was (100, 200); it is still drawn at (110, 220)
    expect(100 * zoomed.k + zoomed.x).toBeCloseTo(110);
    expect(200 * zoomed.k + zoomed.y).toBeCloseTo(220);
  });

  it('keeps the scale within its bounds', () => {
    expect(zoomAt({ x: 0, y: 0, k: 1 }, 100, 0, 0).k).toBe(MAX_SCALE);
    expect(zoomAt({ x: 0, y: 0, k: 1 }, 0.0001, 0, 0).k).toBe(MIN_SCALE);
  });

  it('pans and centres', () => {
    expect(panBy({ x: 1, y: 2, k: 3 }, 10, -5)).toEqual({ x: 11, y: -3, k: 3 });
    const view = centredOn(50, 60, 400, 300, 2);
    expect(50 * view.k + view.x).toBe(200);
    expect(60 * view.k + view.y).toBe(150);
  });

  it('says which part of the tree is on screen', () => {
    expect(visibleRect({ x: -100, y: -50, k: 2 }, 400, 300)).toEqual({ minX: 50, minY: 25, maxX: 250, maxY: 175 });
    expect(visibleRect({ x: 0, y: 0, k: 1 }, 100, 100, 10)).toEqual({ minX: -10, minY: -10, maxX: 110, maxY: 110 });
  });

  it('tells whether a card is wholly on screen', () => {
    const card = { x: 10, y: 10, width: 50, height: 50 };
    expect(isOnScreen({ x: 0, y: 0, k: 1 }, 100, 100, card)).toBe(true);
    expect(isOnScreen({ x: 60, y: 0, k: 1 }, 100, 100, card)).toBe(false);
    expect(isOnScreen({ x: 0, y: 0, k: 1 }, 100, 100, card, 20)).toBe(false);
  });
});
