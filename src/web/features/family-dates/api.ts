import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyDates, FamilyDatesSettings, FamilyDatesSettingsInput } from '@shared/schemas/family-dates';
import { api } from '@web/lib/api-client';
import { localDay } from '@web/lib/local-day';

const settingsKey = ['family-dates', 'settings'] as const;

export function useFamilyDates() {
  const date = localDay();
  return useQuery({
    // read again each time the dashboard opens (nothing else invalidates it), as On this day is
    queryKey: ['family-dates', 'week', date],
    queryFn: () => api.get<FamilyDates>(`/api/family-dates?${new URLSearchParams({ date, days: '7' })}`),
    staleTime: 0,
  });
}

export const useFamilyDatesSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<FamilyDatesSettings>('/api/family-dates/settings') });

export function useSetFamilyDatesDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FamilyDatesSettingsInput) => api.put<FamilyDatesSettings>('/api/family-dates/settings', input),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
