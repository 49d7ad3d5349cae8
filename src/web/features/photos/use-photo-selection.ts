import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** A finger held this long (ms) on a photo starts Select mode with it, as on phones' photo apps. */
const LONG_PRESS_MS = 500;
/** Moving the finger further than this (px) is a scroll, not a press. */
const LONG_PRESS_SLOP = 10;

/**
 * Select mode: a click toggles a photo, a shift-click selects every loaded photo between the last one clicked
 * and this one (in the gallery's order), a long press on touch starts selecting. `null` = not in Select mode.
 */
export function usePhotoSelection(orderedIds: () => readonly number[]) {
  const [selected, setSelected] = useState<ReadonlySet<number> | null>(null);
  const anchor = useRef<number | null>(null);
  const press = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  /** The click that ends a long press must not open the viewer or toggle the photo again. */
  const swallowClick = useRef(false);

  const start = () => {
    anchor.current = null;
    setSelected(new Set());
  };
  const end = () => {
    anchor.current = null;
    setSelected(null);
  };

  const toggle = (id: number, withRange: boolean) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    const ids = orderedIds();
    const from = anchor.current === null ? -1 : ids.indexOf(anchor.current);
    const to = ids.indexOf(id);
    setSelected((current) => {
      const next = new Set(current);
      if (withRange && from >= 0 && to >= 0) {
        for (let i = Math.min(from, to); i <= Math.max(from, to); i++) next.add(ids[i]!);
      } else if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    anchor.current = id;
  };

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current.timer);
    press.current = null;
  };

  /** Pointer handlers for a photo outside Select mode: a long touch selects it. */
  const longPressHandlers = (id: number) => ({
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      cancelPress();
      const timer = setTimeout(() => {
        press.current = null;
        swallowClick.current = true;
        anchor.current = id;
        setSelected(new Set([id]));
      }, LONG_PRESS_MS);
      press.current = { timer, x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent) => {
      const p = press.current;
      if (p && Math.hypot(event.clientX - p.x, event.clientY - p.y) > LONG_PRESS_SLOP) cancelPress();
    },
    onPointerUp: cancelPress,
    onPointerCancel: cancelPress,
    // the long press menu (copy image…) would cover the selection
    onContextMenu: (event: MouseEvent) => {
      if (swallowClick.current || press.current) event.preventDefault();
    },
  });

  /**
   * A new press on a photo in Select mode: the click a long press may end with did not come (a phone may send
   * none after a long touch), so this press's click must count.
   */
  const notePress = () => {
    swallowClick.current = false;
  };

  /** True once for the click that follows a long press (the viewer must not open). */
  const consumeLongPressClick = () => {
    if (!swallowClick.current) return false;
    swallowClick.current = false;
    return true;
  };

  return { selected, start, end, toggle, notePress, longPressHandlers, consumeLongPressClick };
}
