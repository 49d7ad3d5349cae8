// Every query key lives here, so one feature may invalidate another's cache without importing it
// (spec §7: "after attachment changes the memories, photos and vault data are refreshed").
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    user: ['auth', 'user'] as const,
  },
  profile: {
    all: ['profile'] as const,
  },
  account: {
    all: ['account'] as const,
    storage: ['account', 'storage'] as const,
  },
  photos: {
    all: ['photos'] as const,
    lists: ['photos', 'list'] as const,
    list: (sortBy?: string) => ['photos', 'list', sortBy ?? 'default'] as const,
    processing: ['photos', 'processing'] as const,
  },
  memories: {
    all: ['memories'] as const,
    list: ['memories', 'list'] as const,
    attachments: (memoryId: number) => ['memories', 'attachments', memoryId] as const,
    linkCandidates: (memoryId: number) => ['memories', 'link-candidates', memoryId] as const,
    suggestions: ['memories', 'suggestions'] as const,
    organize: ['memories', 'organize'] as const,
  },
  contacts: {
    all: ['contacts'] as const,
    list: (relationship: string) => ['contacts', 'list', relationship] as const,
  },
  vault: {
    all: ['vault'] as const,
    list: ['vault', 'list'] as const,
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
  timeline: {
    all: ['timeline'] as const,
    list: (sortDirection: string, contentType: string) => ['timeline', 'list', sortDirection, contentType] as const,
    summary: (tz: string) => ['timeline', 'summary', tz] as const,
    period: (year: number, sortDirection: string, contentType: string, tz: string) =>
      ['timeline', 'period', year, sortDirection, contentType, tz] as const,
  },
};
