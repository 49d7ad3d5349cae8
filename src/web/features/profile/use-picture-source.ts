import { useState } from 'react';

/**
 * spec §8: a profile picture that fails to load is retried once with a cache-busting value, then hidden (the
 * initials show). The attempt count belongs to one URL, so a new picture starts afresh without an effect.
 */
export function usePictureSource(url: string | null) {
  const [failure, setFailure] = useState<{ url: string | null; attempts: number; bust: number }>({ url, attempts: 0, bust: 0 });
  const attempts = failure.url === url ? failure.attempts : 0;
  let src: string | undefined;
  if (url && attempts === 0) src = url;
  else if (url && attempts === 1) src = `${url}${url.includes('?') ? '&' : '?'}t=${failure.bust}`;
  const onError = () => setFailure({ url, attempts: attempts + 1, bust: Date.now() });
  return { src, onError };
}
