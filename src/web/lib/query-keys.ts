// Every query key lives here, so one feature may invalidate another's cache without importing it
// (spec §7: "after attachment changes the memories, photos and vault data are refreshed").
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    user: ['auth', 'user'] as const,
    /** GET /api/setup: whether the instance still needs its owner's account. */
    setup: ['auth', 'setup'] as const,
    invitation: (token: string) => ['auth', 'invitation', token] as const,
  },
  /** Settings → Members (the administrator only, decision 048). */
  admin: {
    all: ['admin'] as const,
    instance: ['admin', 'instance'] as const,
    members: ['admin', 'members'] as const,
    invitations: ['admin', 'invitations'] as const,
    waitlist: ['admin', 'waitlist'] as const,
  },
  profile: {
    all: ['profile'] as const,
  },
  /** What this server can do (GET /api/capabilities): fixed while it runs. */
  capabilities: ['capabilities'] as const,
  account: {
    all: ['account'] as const,
    storage: ['account', 'storage'] as const,
  },
  /** Settings → Your data: the account's exports and imports, and the archives in HEIRLOOM_IMPORT_DIR. */
  transfers: {
    all: ['transfers'] as const,
    exports: ['transfers', 'exports'] as const,
    imports: ['transfers', 'imports'] as const,
    serverFiles: ['transfers', 'server-files'] as const,
  },
  /** Who is in the photos (issue 29): finding faces, and the people. */
  people: {
    all: ['people'] as const,
    status: ['people', 'status'] as const,
    list: ['people', 'list'] as const,
    detail: (id: number) => ['people', 'detail', id] as const,
    photos: (id: number, withId?: number) => ['people', 'photos', id, withId ?? 'alone'] as const,
    together: (id: number) => ['people', 'together', id] as const,
    memories: (id: number) => ['people', 'memories', id] as const,
    suggestions: ['people', 'suggestions'] as const,
    /** The faces in one photo, with their boxes (the photo viewer). */
    faces: (photoId: number) => ['people', 'faces', photoId] as const,
  },
  photos: {
    all: ['photos'] as const,
    lists: ['photos', 'list'] as const,
    list: (sortBy?: string) => ['photos', 'list', sortBy ?? 'default'] as const,
    /** The gallery's keyset page chains: one per order, and one per scrubber jump (`from`). */
    pageChains: ['photos', 'pages'] as const,
    pages: (sortBy: string, from?: string, person?: number, undated?: boolean) =>
      ['photos', 'pages', sortBy, from ?? 'newest', person ?? 'everyone', undated ? 'undated' : 'all'] as const,
    /** How many photos have no date taken (the gallery's Undated chip). */
    undatedCount: ['photos', 'undated-count'] as const,
    /** The scrubber's photos per month. */
    allMonths: ['photos', 'months'] as const,
    months: (sortBy: string, tz: string) => ['photos', 'months', sortBy, tz] as const,
    /** The dashboard's newest uploads (one short page). */
    recent: ['photos', 'recent'] as const,
    /** One photo, for a viewer opened by URL on a photo not in the loaded pages. */
    detail: (id: number) => ['photos', 'detail', id] as const,
    processing: ['photos', 'processing'] as const,
  },
  memories: {
    all: ['memories'] as const,
    list: ['memories', 'list'] as const,
    /** The screen's paged list: 'all', or a "Browse your memories" group. */
    pages: ['memories', 'pages'] as const,
    pagesOf: (filter: string) => ['memories', 'pages', filter] as const,
    detail: (id: number) => ['memories', 'detail', id] as const,
    attachments: (memoryId: number) => ['memories', 'attachments', memoryId] as const,
    linkCandidates: (memoryId: number) => ['memories', 'link-candidates', memoryId] as const,
    suggestions: ['memories', 'suggestions'] as const,
    organize: ['memories', 'organize'] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    pages: ['contacts', 'pages'] as const,
    pagesOf: (relationship: string) => ['contacts', 'pages', relationship] as const,
    detail: (id: number) => ['contacts', 'detail', id] as const,
  },
  vault: {
    all: ['vault'] as const,
    list: ['vault', 'list'] as const,
    pages: ['vault', 'pages'] as const,
    detail: (id: number) => ['vault', 'detail', id] as const,
    usage: ['vault', 'usage'] as const,
  },
  collections: {
    all: ['collections'] as const,
    list: ['collections', 'list'] as const,
    detail: (id: number) => ['collections', 'detail', id] as const,
    links: (id: number) => ['collections', 'links', id] as const,
    /** The "shared" marks on gallery tiles, memory cards and vault items. */
    sharedItems: ['collections', 'shared-items'] as const,
  },
  /** What others share: a link's collection (by token) and the signed-in recipient's Shared with me. */
  shared: {
    all: ['shared'] as const,
    link: (token: string) => ['shared', 'link', token] as const,
    withMe: ['shared', 'with-me'] as const,
    withMeCollection: (grantId: number) => ['shared', 'with-me', grantId] as const,
  },
  /** The owner's Legacy Plan: the plan and its status, heirs, releases, letters, the log and the dry run. */
  legacy: {
    all: ['legacy'] as const,
    plan: ['legacy', 'plan'] as const,
    status: ['legacy', 'status'] as const,
    audit: ['legacy', 'audit'] as const,
    heirs: ['legacy', 'heirs'] as const,
    releases: ['legacy', 'releases'] as const,
    letters: ['legacy', 'letters'] as const,
    relationRules: ['legacy', 'relation-rules'] as const,
    preview: (heirId: number) => ['legacy', 'preview', heirId] as const,
    heartbeat: ['legacy', 'heartbeat'] as const,
    reachability: ['legacy', 'reachability'] as const,
    /** Sealed copies kept elsewhere (issue 32): the bucket, the last run and check, the release key's public half. */
    escrow: ['legacy', 'escrow'] as const,
    escrowStatus: ['legacy', 'escrow', 'status'] as const,
    releaseKey: ['legacy', 'release-key'] as const,
  },
  /** The heir's side of a Legacy Plan (no account): what was released, each release, a letter opened in the browser, a verifier's page. */
  heir: {
    all: ['heir'] as const,
    received: ['heir', 'received'] as const,
    /** Under `received`: reset with it when the heir opens or closes. */
    receivedFamily: ['heir', 'received', 'family'] as const,
    releases: ['heir', 'release'] as const,
    release: (url: string) => ['heir', 'release', url] as const,
    openedLetters: ['heir', 'opened-letter'] as const,
    openedLetter: (letterId: number, keyCode: string) => ['heir', 'opened-letter', letterId, keyCode] as const,
    verifier: (token: string) => ['heir', 'verifier', token] as const,
  },
  timeline: {
    all: ['timeline'] as const,
    list: (sortDirection: string, contentType: string) => ['timeline', 'list', sortDirection, contentType] as const,
    summary: (tz: string, person?: number) => ['timeline', 'summary', tz, person ?? 'everyone'] as const,
    period: (year: number, sortDirection: string, contentType: string, tz: string, person?: number) =>
      ['timeline', 'period', year, sortDirection, contentType, tz, person ?? 'everyone'] as const,
  },
  /** The family tree (issue 30): every tree query starts with 'tree', so a change to a person reloads them all. */
  tree: {
    all: ['tree'] as const,
    me: ['tree', 'me'] as const,
    graph: (root: number | 'me', up: number, down: number) => ['tree', 'graph', root, up, down] as const,
    person: (id: number) => ['tree', 'person', id] as const,
    relations: (id: number) => ['tree', 'relations', id] as const,
    relationToMe: (id: number) => ['tree', 'relation-to-me', id] as const,
    search: (q: string) => ['tree', 'search', q] as const,
    byContact: (contactId: number) => ['tree', 'by-contact', contactId] as const,
    byPhotosPerson: (personId: number) => ['tree', 'by-photos-person', personId] as const,
    /** GEDCOM imports (latest first) and the imported persons who may already be in the tree. */
    gedcomImports: ['tree', 'gedcom-imports'] as const,
    gedcomSuggestions: ['tree', 'gedcom-suggestions'] as const,
  },
};
