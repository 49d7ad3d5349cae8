import { ArrowRight, BookOpen, CalendarClock, PenLine, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { OnThisDaySection } from '../on-this-day-section';
import { RecentPhotos } from '@web/features/photos/components/recent-photos';
import { FamilyDatesCard } from '@web/features/family-dates/components/family-dates-card';
import { SuggestQuestionCard } from '@web/features/interviews/components/suggest-question-card';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { paths } from '../paths';
import { useIntl } from '@web/lib/i18n/use-intl';

const m = defineMessages({
  continueTitle: { id: 'app.dashboard.continue.title', defaultMessage: 'Continue Your Story' },
  continueText: { id: 'app.dashboard.continue.text', defaultMessage: 'Pick up where you left off and add the next chapter.' },
  addTitle: { id: 'app.dashboard.add.title', defaultMessage: 'Add New Memory' },
  addText: { id: 'app.dashboard.add.text', defaultMessage: 'Write down a moment, add photos or a voice note.' },
  timelineTitle: { id: 'app.dashboard.timeline.title', defaultMessage: 'Timeline' },
  timelineText: { id: 'app.dashboard.timeline.text', defaultMessage: 'See your photos, memories and documents year by year.' },
});

const CARDS: { title: (typeof m)[keyof typeof m]; text: (typeof m)[keyof typeof m]; to: string; icon: LucideIcon }[] = [
  { title: m.continueTitle, text: m.continueText, to: paths.story, icon: BookOpen },
  { title: m.addTitle, text: m.addText, to: paths.memories, icon: PenLine },
  { title: m.timelineTitle, text: m.timelineText, to: paths.timeline, icon: CalendarClock },
];

export function DashboardRoute() {
  const intl = useIntl();
  return (
    <div>
      <title>{intl.formatMessage({ id: 'app.dashboard.pageTitle', defaultMessage: 'Dashboard · heirloom' })}</title>
      <h1 className="text-3xl font-semibold sm:text-4xl">
        {intl.formatMessage(
          { id: 'app.dashboard.welcome', defaultMessage: 'Welcome to <brand>heirloom</brand>' },
          { brand: (chunks) => <span className="text-primary">{chunks}</span> },
        )}
      </h1>
      <p className="mt-2 text-muted-foreground">
        {intl.formatMessage({
          id: 'app.dashboard.intro',
          defaultMessage: 'Every memory you keep here becomes part of the story you hand on.',
        })}
      </p>

      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {CARDS.map(({ title, text, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-11 items-center justify-center rounded-full bg-accent">
                <Icon aria-hidden="true" className="size-5 text-accent-foreground" />
              </span>
              <h2 className="mt-4 flex items-center gap-2 text-xl font-semibold">
                {intl.formatMessage(title)}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-1 rtl:rotate-180 rtl:group-hover:-translate-x-1"
                />
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{intl.formatMessage(text)}</p>
            </Link>
          </li>
        ))}
      </ul>

      <ErrorBoundary>
        <RecentPhotos />
      </ErrorBoundary>

      {/* Beyond the spec (issue 15): below what spec §2 puts on the dashboard, and absent when the day holds nothing. */}
      <ErrorBoundary>
        <OnThisDaySection />
      </ErrorBoundary>

      {/* Issue 30: the family's birthdays, anniversaries and remembrances of the coming week; absent when there are none. */}
      <ErrorBoundary>
        <FamilyDatesCard familyPath={paths.family} />
      </ErrorBoundary>

      {/* Decisions 066 and 069: a question for a relative's interview, or a whole interview proposed to them. */}
      <ErrorBoundary>
        <SuggestQuestionCard />
      </ErrorBoundary>
    </div>
  );
}
