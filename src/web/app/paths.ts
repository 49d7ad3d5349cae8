// Every URL of the web app (spec §2), so links and the page table never drift apart.
export const paths = {
  home: '/',
  faq: '/faq',
  login: '/login',
  register: '/register',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  dashboard: '/dashboard',
  profile: '/profile',
  story: '/story',
  timeline: '/view-my-story',
  memories: '/memories',
  photos: '/photos',
  family: '/family',
  /** The family tree (issue 30): `?root=<id>` centres it on someone, `?contact=<id>` on a contact's person. */
  familyTree: '/family/tree',
  friends: '/friends',
  vault: '/vault',
  collections: '/collections',
  /** Who is in the photos (issue 29). */
  people: '/people',
  afterLife: '/after-life',
  settings: '/settings',
  sharedWithMe: '/shared-with-me',
  /** The Legacy Plan's public pages (no account): an heir's key code, and the one-click links of its mails. */
  legacy: '/legacy',
  legacyCheckIn: '/legacy/check-in',
  legacyCancel: '/legacy/cancel',
  /** The yearly "does this address still reach you?" mail's one click (decision 073). */
  legacyReachable: '/legacy/reachable',
  /** Where a verifier's link lands once its token is out of the address bar. */
  legacyVerify: '/legacy/verify',
  /** Care access (decision 077): where a caregiver's link lands once its token is out of the address bar, and the owner's refusal. */
  care: '/care',
  careRefuse: '/care/refuse',
  /** Interviews, "Ask the elders" (decision 066): the owner's list and a new one. */
  interviews: '/story/interviews',
  newInterview: '/story/interviews/new',
  /** Where a storyteller's answer link lands once its token is out of the address bar (public, no account). */
  answer: '/answer',
} as const;

/**
 * Pages with a parameter in their path: the route pattern (react-router syntax) for the page table, and
 * a function per pattern for links. Kept out of `paths`, whose values are all pages one can visit as they are.
 */
export const pathPatterns = {
  collection: '/collections/:id',
  person: '/people/:id',
  /** A person of the family tree. */
  treePerson: '/family/tree/person/:id',
  /** A share link (decision 025): public, for a visitor with no account. */
  sharedLink: '/s/:token',
  sharedWithMeCollection: '/shared-with-me/:grantId',
  /** A verifier's personal link from the Legacy Plan's mail. */
  legacyVerifyLink: '/legacy/verify/:token',
  /** A caregiver's personal link from care access's mail. */
  careLink: '/care/:token',
  /** One interview of the owner's. */
  interview: '/story/interviews/:id',
  /** A storyteller's personal answer link from an interview's mail. */
  answerLink: '/answer/:token',
} as const;

export const collectionPath = (id: number) => `/collections/${id}`;
export const personPath = (id: number) => `/people/${id}`;
export const treePersonPath = (id: number) => `/family/tree/person/${id}`;
export const familyTreePath = (root?: number) => (root === undefined ? '/family/tree' : `/family/tree?root=${root}`);
export const interviewPath = (id: number) => `/story/interviews/${id}`;
