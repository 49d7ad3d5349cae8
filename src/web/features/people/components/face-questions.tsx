import { toast } from '@web/components/ui/use-toast';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api-client';
import { useAnswerSuggestion, useSuggestions } from '../api';
import { FaceCrop } from '@web/components/face-crop';

/** "Is this Mum?": a face heirloom was unsure of is never put with someone until the owner says so. */
export function FaceQuestions() {
  const suggestions = useSuggestions();
  const answer = useAnswerSuggestion();
  const items = suggestions.data ?? [];
  if (items.length === 0) return null;
  const [first] = items;
  const who = first!.person.name ?? 'the same person as this face';
  const reply = (personId: number | null) =>
    answer.mutate(
      { faceId: first!.faceId, personId },
      {
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to save your answer') }),
      },
    );
  return (
    <section aria-labelledby="face-questions-title" className="mt-8 rounded-lg border bg-card p-4">
      <h2 id="face-questions-title" className="text-lg font-semibold">
        Is this {who}?
      </h2>
      <p className="text-sm text-muted-foreground">
        {items.length === 1 ? 'One face to check.' : `${items.length.toLocaleString('en')} faces to check.`}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <FaceCrop src={first!.thumbnailUrl} box={first!.box} />
        <span aria-hidden="true" className="text-muted-foreground">
          ?
        </span>
        <FaceCrop src={first!.person.coverUrl} box={first!.person.coverBox} />
        <div className="flex gap-2">
          <Button onClick={() => reply(first!.person.id)} disabled={answer.isPending}>
            Yes
          </Button>
          <Button variant="outline" onClick={() => reply(null)} disabled={answer.isPending}>
            No
          </Button>
        </div>
      </div>
    </section>
  );
}
