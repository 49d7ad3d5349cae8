import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AFTER_RELEASE_MONTHS, afterReleaseInputSchema, type AfterRelease, type AfterReleaseInput } from '@shared/schemas/legacy-keep';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { queryKeys } from '@web/lib/query-keys';
import { useIntl } from '@web/lib/i18n/use-intl';

const afterReleaseKey = [...queryKeys.legacy.all, 'after-release'] as const;

const useAfterRelease = () => useQuery({ queryKey: afterReleaseKey, queryFn: () => api.get<AfterRelease>('/api/legacy/after-release') });

function useSaveAfterRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AfterReleaseInput) => api.put<AfterRelease>('/api/legacy/after-release', input),
    onSuccess: (saved) => queryClient.setQueryData(afterReleaseKey, saved),
  });
}

function ChoiceForm({ saved }: { saved: AfterRelease }) {
  const intl = useIntl();
  const save = useSaveAfterRelease();
  const [choice, setChoice] = useState(saved.choice);
  const [months, setMonths] = useState(String(saved.deleteAfterMonths ?? 6));
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = afterReleaseInputSchema.safeParse(choice === 'memorial' ? { choice } : { choice, deleteAfterMonths: Number(months) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () =>
        toast({
          title: intl.formatMessage({ id: 'legacy.after.saved', defaultMessage: 'Saved' }),
          description: intl.formatMessage({ id: 'legacy.after.savedText', defaultMessage: 'Your choice for after the release is saved.' }),
        }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.after.saveFailed', defaultMessage: 'Failed to save' }),
          description: errorMessage(err, intl.formatMessage({ id: 'legacy.after.tryAgain', defaultMessage: 'Please try again' })),
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="sr-only">
          {intl.formatMessage({ id: 'legacy.after.legend', defaultMessage: 'What becomes of your account' })}
        </legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name="after-release"
            className="mt-1"
            checked={choice === 'memorial'}
            onChange={() => setChoice('memorial')}
          />
          <span>
            {intl.formatMessage({
              id: 'legacy.after.memorial',
              defaultMessage: 'Keep my account as a memorial that my heirs can visit (read-only)',
            })}
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="radio" name="after-release" className="mt-1" checked={choice === 'delete'} onChange={() => setChoice('delete')} />
          <span>
            {intl.formatMessage({
              id: 'legacy.after.delete',
              defaultMessage:
                'Delete my account some months after the release, once every heir has had the chance to keep or download their part',
            })}
          </span>
        </label>
      </fieldset>
      {choice === 'delete' && (
        <FormField
          label={intl.formatMessage({ id: 'legacy.after.months', defaultMessage: 'Months after the release' })}
          error={error ? { type: 'validate', message: error } : undefined}
          hint={intl.formatMessage(
            {
              id: 'legacy.after.monthsHint',
              defaultMessage: 'From {min} to {max}. Your heirs are told the date twice: when it is released, and 30 days before.',
            },
            { min: AFTER_RELEASE_MONTHS.min, max: AFTER_RELEASE_MONTHS.max },
          )}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={AFTER_RELEASE_MONTHS.min}
            max={AFTER_RELEASE_MONTHS.max}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            className="w-28"
          />
        </FormField>
      )}
      {saved.deleteAt && (
        <p className="text-sm">
          {intl.formatMessage(
            { id: 'legacy.after.deleteOn', defaultMessage: 'Your account will be deleted on <time>{date}</time>.' },
            { date: formatLongDate(saved.deleteAt), time: (chunks) => <time dateTime={saved.deleteAt ?? undefined}>{chunks}</time> },
          )}
        </p>
      )}
      <SubmitButton className="justify-self-start" isPending={save.isPending}>
        {intl.formatMessage({ id: 'legacy.after.save', defaultMessage: 'Save' })}
      </SubmitButton>
    </form>
  );
}

/** After Life: what becomes of the owner's own account after their plan is released (decision 078). */
export function AfterReleaseChoice() {
  const intl = useIntl();
  const saved = useAfterRelease();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-5 text-primary" />
          {intl.formatMessage({ id: 'legacy.after.title', defaultMessage: 'After the release' })}
        </CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'legacy.after.description',
            defaultMessage:
              'Your heirs can keep what you leave them in their own heirloom libraries, where it stays whatever becomes of your account.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {saved.isPending ? (
          <Skeleton className="h-32" />
        ) : saved.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {intl.formatMessage({ id: 'legacy.after.loadFailed', defaultMessage: 'Failed to load your choice for after the release' })}
          </p>
        ) : (
          <ChoiceForm saved={saved.data} />
        )}
      </CardContent>
    </Card>
  );
}
