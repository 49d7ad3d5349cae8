// Pan and zoom of the tree, as plain arithmetic: a point of the tree (tx, ty) is drawn at (tx·k + x, ty·k + y).

export interface View {
  x: number;
  y: number;
  k: number;
}

export const MIN_SCALE = 0.1;
export const MAX_SCALE = 2.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Zooms by `factor` keeping the screen point (px, py) where it is (under the cursor, between two fingers). */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = clamp(view.k * factor, MIN_SCALE, MAX_SCALE);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The view that shows the tree point (tx, ty) in the middle of a width × height screen at scale k. */
export function centredOn(tx: number, ty: number, width: number, height: number, k: number): View {
  return { k, x: width / 2 - tx * k, y: height / 2 - ty * k };
}

/** The part of the tree on screen, in tree units, grown by `margin` screen pixels on every side. */
export function visibleRect(view: View, width: number, height: number, margin = 0) {
  return {
    minX: (-margin - view.x) / view.k,
    minY: (-margin - view.y) / view.k,
    maxX: (width + margin - view.x) / view.k,
    maxY: (height + margin - view.y) / view.k,
  };
}

/** Whether a box of the tree lies wholly on screen, `inset` screen pixels inside its edges. */
export function isOnScreen(
  view: View,
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
  inset = 0,
) {
  const left = box.x * view.k + view.x;
  const top = box.y * view.k + view.y;
  return left >= inset && top >= inset && left + box.width * view.k <= width - inset && top + box.height * view.k <= height - inset;
}
