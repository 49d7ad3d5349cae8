import { ArrowRight, BookOpen, CalendarClock, PenLine, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { OnThisDaySection } from '../on-this-day-section';
import { RecentPhotos } from '@web/features/photos/components/recent-photos';
import { FamilyDatesCard } from '@web/features/family-dates/components/family-dates-card';
import { SuggestQuestionCard } from '@web/features/interviews/components/suggest-question-card';
import { paths } from '../paths';

const CARDS: { title: string; text: string; to: string; icon: LucideIcon }[] = [
  { title: 'Continue Your Story', text: 'Pick up where you left off and add the next chapter.', to: paths.story, icon: BookOpen },
  { title: 'Add New Memory', text: 'Write down a moment, add photos or a voice note.', to: paths.memories, icon: PenLine },
  { title: 'Timeline', text: 'See your photos, memories and documents year by year.', to: paths.timeline, icon: CalendarClock },
];

export function DashboardRoute() {
  return (
    <div>
      <title>Dashboard · heirloom</title>
      <h1 className="text-3xl font-semibold sm:text-4xl">
        Welcome to <span className="text-primary">heirloom</span>
      </h1>
      <p className="mt-2 text-muted-foreground">Every memory you keep here becomes part of the story you hand on.</p>

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
                {title}
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-1" />
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
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
