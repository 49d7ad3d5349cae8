import { useQuery } from '@tanstack/react-query';
import type { OnThisDay } from '@shared/schemas/on-this-day';
import { api } from '@web/lib/api-client';
import { localDay, localTimeZone } from '@web/lib/local-day';

export function useOnThisDay() {
  const date = localDay();
  const tz = localTimeZone();
  return useQuery({
    // Its own key (nothing else invalidates it): it is read again each time the dashboard opens instead, so
    // a photo deleted or a birthday added elsewhere never lingers here (one small query).
    queryKey: ['on-this-day', date, tz],
    queryFn: () => api.get<OnThisDay>(`/api/on-this-day?${new URLSearchParams({ date, tz })}`),
    staleTime: 0,
  });
}
