import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@shared/limits';

// spec §9: "mobile" means narrower than 768px or a mobile user agent.
const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function isMobileDevice() {
  return window.matchMedia(QUERY).matches || MOBILE_AGENT.test(navigator.userAgent);
}

export function useIsMobile() {
  return useSyncExternalStore(subscribe, isMobileDevice, () => false);
}
