// Every URL of the web app (spec §2), so links and the route table never drift apart.
export const paths = {
  home: '/',
  faq: '/faq',
  login: '/login',
  register: '/register',
  auth: '/auth',
  dashboard: '/dashboard',
  profile: '/profile',
  story: '/story',
  timeline: '/view-my-story',
  memories: '/memories',
  photos: '/photos',
  family: '/family',
  friends: '/friends',
  vault: '/vault',
  afterLife: '/after-life',
  settings: '/settings',
} as const;

// spec §2: on these paths the header's brand goes to /dashboard and shows the profile button and menu.
const SIGNED_IN_SEGMENTS = new Set([
  'dashboard',
  'profile',
  'story',
  'family',
  'friends',
  'vault',
  'settings',
  'after-life',
  'memories',
  'view-my-story',
  'photos',
]);

export function isSignedInPath(pathname: string) {
  const firstSegment = pathname.split('/')[1] ?? '';
  return SIGNED_IN_SEGMENTS.has(firstSegment);
}
