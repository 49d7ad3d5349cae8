import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How tall the on-screen part of `ref`'s element is, between `top` px below the window's top and `bottom` px
 * above its bottom, kept up to date while the page scrolls or resizes: a child that sticks at `top` with this
 * height lies wholly on screen and wholly inside the element.
 */
export function useVisibleStretch(ref: RefObject<HTMLElement | null>, top: number, bottom: number): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const end = Math.min(rect.bottom, window.innerHeight - bottom);
      setHeight(Math.max(0, Math.round(end - Math.max(rect.top, top))));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = new ResizeObserver(schedule);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [ref, top, bottom]);
  return height;
}
