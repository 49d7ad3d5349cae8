import { createContext, StrictMode, useContext, useEffect, type ReactNode } from 'react';
import { DeferredToaster } from './deferred-toaster';
import { OwnerSetupNotice } from '@web/features/auth/components/owner-setup-notice';
import { WaitlistForm } from '@web/features/waitlist/components/waitlist-form';

// `/` as the server sends it (decision 035): prerendered at build time (entry-prerender.tsx; the page itself is
// routes/landing.tsx), without the router or the page table. Only these parts of it change once it is in the
// browser, its islands: the waitlist forms, the first-run notice and the toaster. Each is prerendered and hydrated
// (hydrate-landing.tsx) as a React root of its own inside its container; the rest of the page (the sections, the
// header and the footer) stays the HTML the build wrote, and its code never reaches the browser.
const islands = {
  'owner-setup': () => <OwnerSetupNotice />,
  'waitlist-hero': () => <WaitlistForm />,
  'waitlist-ready': () => <WaitlistForm />,
  'waitlist-closing': () => <WaitlistForm tone="dark" />,
  toaster: () => <DeferredToaster />,
} satisfies Record<string, () => ReactNode>;

export type LandingIslandName = keyof typeof islands;
export const landingIslandNames = Object.keys(islands) as LandingIslandName[];

/** The attribute naming the island a container holds (`<div data-landing-island="waitlist-hero">`). */
export const ISLAND_ATTRIBUTE = 'data-landing-island';

export const isLandingIsland = (name: string): name is LandingIslandName => Object.hasOwn(islands, name);

/**
 * One island as its own root renders it, at build time and in the browser alike (the same tree, so useId and the
 * markup match). `onAttached` runs once React has taken the island's markup over.
 */
export function landingIsland(name: LandingIslandName, onAttached?: () => void) {
  return (
    <StrictMode>
      <Attached onAttached={onAttached}>{islands[name]()}</Attached>
    </StrictMode>
  );
}

/** Each island's own prefix for useId: the three forms are three roots, and their ids must differ in the page. */
export const islandIdPrefix = (name: LandingIslandName) => `${name}-`;

function Attached({ onAttached, children }: { onAttached?: () => void; children: ReactNode }) {
  useEffect(() => onAttached?.(), [onAttached]);
  return children;
}

const IslandContainers = createContext(false);

/**
 * Within it, the landing page draws each island as an empty container that the build fills with the island's own
 * markup (entry-prerender.tsx); elsewhere (the app, a page drawn whole in the browser) the island is drawn in place.
 */
export const IslandContainersProvider = IslandContainers.Provider;

/** An island of the landing page where it sits among the sections. */
export function LandingIsland({ name }: { name: LandingIslandName }) {
  const asContainer = useContext(IslandContainers);
  if (!asContainer) return islands[name]();
  // display: contents, so the container leaves the layout as it is without it
  return <div {...{ [ISLAND_ATTRIBUTE]: name }} className="contents" />;
}
