import { useQuery } from '@tanstack/react-query';
import type { OnThisDay } from '@shared/schemas/on-this-day';
import { isTimeZone } from '@shared/time-zone';
import { api } from '@web/lib/api-client';

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's own calendar day (yyyy-MM-dd) and zone: "today" is the browser's, never the server's. */
export function localDay(now = new Date()): { date: string; tz: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    tz: zone && isTimeZone(zone) ? zone : 'UTC',
  };
}

export function useOnThisDay() {
  const { date, tz } = localDay();
  return useQuery({
    // Its own key (nothing else invalidates it): it is read again each time the dashboard opens instead, so
    // a photo deleted or a birthday added elsewhere never lingers here (one small query).
    queryKey: ['on-this-day', date, tz],
    queryFn: () => api.get<OnThisDay>(`/api/on-this-day?${new URLSearchParams({ date, tz })}`),
    staleTime: 0,
  });
}
