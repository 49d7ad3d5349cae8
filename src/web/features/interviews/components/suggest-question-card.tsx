import { lazy, Suspense } from 'react';
import { withWords } from '@web/lib/i18n/with-words';
import { useMyProposals, useProposalOwners, useSuggestableInterviews } from '../api';

// Most dashboards have nothing to offer here: the card's forms, dialogs and words come only when one has.
const SuggestQuestionContent = lazy(
  withWords('features/interviews/components/suggest-question-content', () =>
    import('./suggest-question-content').then((module) => ({ default: module.SuggestQuestionContent })),
  ),
);

/**
 * For a family member: propose an interview to a relative who has them among their contacts (decision 069), follow
 * the ones proposed, and suggest a question for an interview a relative runs; absent when there is nothing to offer.
 */
export function SuggestQuestionCard() {
  const suggestable = useSuggestableInterviews().data ?? [];
  const owners = useProposalOwners().data ?? [];
  const proposed = useMyProposals().data ?? [];
  if (suggestable.length === 0 && owners.length === 0 && proposed.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SuggestQuestionContent suggestable={suggestable} owners={owners} proposed={proposed} />
    </Suspense>
  );
}
