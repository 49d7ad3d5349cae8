import { MessageCirclePlus } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { InterviewDetail } from '@web/features/interviews/components/interview-detail';
import { InterviewList } from '@web/features/interviews/components/interview-list';
import { NewInterviewForm } from '@web/features/interviews/components/new-interview-form';
import { BackToStoryLink } from '../back-to-story-link';
import { interviewPath, paths } from '../paths';

const DESCRIPTION =
  'Ask a storyteller one question a week by e-mail. They answer by voice or in writing, and each answer becomes a memory.';

/** Ask the elders (decision 066): the owner's interviews. */
export function InterviewsRoute() {
  return (
    <div>
      <title>Ask the elders · heirloom</title>
      <BackToStoryLink />
      <PageHeader
        title="Ask the elders"
        description={DESCRIPTION}
        className="mb-8"
        actions={
          <Button asChild>
            <Link to={paths.newInterview}>
              <MessageCirclePlus aria-hidden="true" />
              Start an interview
            </Link>
          </Button>
        }
      />
      <InterviewList interviewLink={interviewPath} />
    </div>
  );
}

export function NewInterviewRoute() {
  const navigate = useNavigate();
  return (
    <div>
      <title>Start an interview · heirloom</title>
      <Link to={paths.interviews} className="mb-4 inline-block text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← Ask the elders
      </Link>
      <PageHeader title="Start an interview" description={DESCRIPTION} className="mb-8" />
      <NewInterviewForm
        onCreated={(interview) => void navigate(interviewPath(interview.id))}
        contactsHint={
          <>
            Anyone among your{' '}
            <Link to={paths.family} className="underline">
              family
            </Link>{' '}
            or{' '}
            <Link to={paths.friends} className="underline">
              friends
            </Link>{' '}
            with an e-mail address can be asked; no account is needed.
          </>
        }
      />
    </div>
  );
}

export function InterviewRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div>
      <title>Interview · heirloom</title>
      <Link to={paths.interviews} className="mb-4 inline-block text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← Ask the elders
      </Link>
      <InterviewDetail
        key={id}
        id={/^\d{1,9}$/.test(id) ? Number(id) : 0}
        links={{ memory: (memoryId) => `${paths.memories}?memory=${memoryId}`, list: paths.interviews }}
        onDeleted={() => void navigate(paths.interviews)}
      />
    </div>
  );
}
