import { MessageCirclePlus } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { InterviewDetail } from '@web/features/interviews/components/interview-detail';
import { InterviewList } from '@web/features/interviews/components/interview-list';
import { NewInterviewForm } from '@web/features/interviews/components/new-interview-form';
import { BackToStoryLink } from '../back-to-story-link';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { interviewPath, paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

const DESCRIPTION = defineMessages({
  text: {
    id: 'app.interviews.description',
    defaultMessage:
      'Ask a storyteller one question a week by e-mail. They answer by voice or in writing, and each answer becomes a memory.',
  },
}).text;

/** Ask the elders (decision 066): the owner's interviews. */
export function InterviewsRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.interviews.pageTitle', defaultMessage: 'Ask the elders · heirloom' })}</title>
      <BackToStoryLink />
      <PageHeader
        title={intl.formatMessage({ id: 'app.interviews.title', defaultMessage: 'Ask the elders' })}
        description={intl.formatMessage(DESCRIPTION)}
        className="mb-8"
        actions={
          <Button asChild>
            <Link to={paths.newInterview}>
              <MessageCirclePlus aria-hidden="true" />
              {intl.formatMessage({ id: 'app.interviews.start', defaultMessage: 'Start an interview' })}
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
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.newInterview.pageTitle', defaultMessage: 'Start an interview · heirloom' })}</title>
      <Link to={paths.interviews} className="mb-4 inline-block text-sm text-muted-foreground underline-offset-4 hover:underline">
        {intl.formatMessage({ id: 'app.interviews.back', defaultMessage: '← Ask the elders' })}
      </Link>
      <PageHeader
        title={intl.formatMessage({ id: 'app.newInterview.title', defaultMessage: 'Start an interview' })}
        description={intl.formatMessage(DESCRIPTION)}
        className="mb-8"
      />
      <NewInterviewForm
        onCreated={(interview) => void navigate(interviewPath(interview.id))}
        contactsHint={intl.formatMessage(
          {
            id: 'app.newInterview.contactsHint',
            defaultMessage:
              'Anyone among your <family>family</family> or <friends>friends</friends> with an e-mail address can be asked; no account is needed.',
          },
          {
            family: (chunks) => (
              <Link to={paths.family} className="underline">
                {chunks}
              </Link>
            ),
            friends: (chunks) => (
              <Link to={paths.friends} className="underline">
                {chunks}
              </Link>
            ),
          },
        )}
      />
    </div>
  );
}

export function InterviewRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.interview.pageTitle', defaultMessage: 'Interview · heirloom' })}</title>
      <Link to={paths.interviews} className="mb-4 inline-block text-sm text-muted-foreground underline-offset-4 hover:underline">
        {intl.formatMessage({ id: 'app.interviews.back', defaultMessage: '← Ask the elders' })}
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
