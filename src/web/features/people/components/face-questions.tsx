import { toast } from '@web/components/ui/use-toast';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useAnswerSuggestion, useSuggestions } from '../api';
import { FaceCrop } from '@web/components/face-crop';
import { toastWords } from '../toast-messages';

/** "Is this Mum?": a face heirloom was unsure of is never put with someone until the owner says so. */
export function FaceQuestions() {
  const intl = useIntl();
  const suggestions = useSuggestions();
  const answer = useAnswerSuggestion();
  const items = suggestions.data ?? [];
  if (items.length === 0) return null;
  const [first] = items;
  const name = first!.person.name;
  const reply = (personId: number | null) =>
    answer.mutate(
      { faceId: first!.faceId, personId },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage(toastWords.error),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'people.questions.failed', defaultMessage: 'Failed to save your answer' }),
            ),
          }),
      },
    );
  return (
    <section aria-labelledby="face-questions-title" className="mt-8 rounded-lg border bg-card p-4">
      <h2 id="face-questions-title" className="text-lg font-semibold">
        {name === null
          ? intl.formatMessage({ id: 'people.questions.isThisSame', defaultMessage: 'Is this the same person as this face?' })
          : intl.formatMessage({ id: 'people.questions.isThis', defaultMessage: 'Is this {name}?' }, { name })}
      </h2>
      <p className="text-sm text-muted-foreground">
        {intl.formatMessage(
          { id: 'people.questions.count', defaultMessage: '{count, plural, one {One face to check.} other {# faces to check.}}' },
          { count: items.length },
        )}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <FaceCrop src={first!.thumbnailUrl} box={first!.box} />
        <span aria-hidden="true" className="text-muted-foreground">
          ?
        </span>
        <FaceCrop src={first!.person.coverUrl} box={first!.person.coverBox} />
        <div className="flex gap-2">
          <Button onClick={() => reply(first!.person.id)} disabled={answer.isPending}>
            {intl.formatMessage({ id: 'people.questions.yes', defaultMessage: 'Yes' })}
          </Button>
          <Button variant="outline" onClick={() => reply(null)} disabled={answer.isPending}>
            {intl.formatMessage({ id: 'people.questions.no', defaultMessage: 'No' })}
          </Button>
        </div>
      </div>
    </section>
  );
}
