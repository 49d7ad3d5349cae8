import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Capabilities } from '@shared/schemas/capabilities';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * What this server can do (decision 038): the largest video it takes, whether it can prepare videos (ffmpeg),
 * whether it can transcribe speech. Asked once a visit (the app's staleTime is Infinity): the server fixes them at
 * start. Shared by features, so each offers only what works.
 */
export const capabilitiesQuery = queryOptions({
  queryKey: queryKeys.capabilities,
  queryFn: () => api.get<Capabilities>('/api/capabilities'),
});

export const useCapabilities = () => useQuery(capabilitiesQuery);
