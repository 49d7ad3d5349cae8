import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed: from the browser's print events (Ctrl+P too) and the print media query,
 * rendered at once (flushSync) so the printout has what the print layout needs.
 */
export function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia('print');
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(false);
    const onMedia = () => (media.matches ? on() : off());
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    media.addEventListener('change', onMedia);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
      media.removeEventListener('change', onMedia);
    };
  }, []);
  const print = useCallback(() => {
    flushSync(() => setPrinting(true));
    window.print();
  }, []);
  return { printing, print };
}
