import { CalendarHeart } from 'lucide-react';
import { Link } from 'react-router';
import type { FamilyDate, FamilyDates } from '@shared/schemas/family-dates';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useFamilyDates } from '../api';

type FamilyDatesCardProps = {
  /** The family page, where the persons are. */
  familyPath: string;
};

/** The dashboard's "Dates that matter" (issue 30): nothing at all while loading, on error, or in a week without dates. */
export function FamilyDatesCard(props: FamilyDatesCardProps) {
  const query = useFamilyDates();
  if (!query.isSuccess) return null;
  return <FamilyDatesContent data={query.data} {...props} />;
}

const keyOf = (d: FamilyDate) => `${d.kind}-${d.date}-${d.treePersonIds.join('-')}-${d.contactId ?? ''}`;

export function FamilyDatesContent({ data, familyPath }: FamilyDatesCardProps & { data: FamilyDates }) {
  const intl = useIntl();
  if (data.dates.length === 0) return null;
  return (
    <section aria-labelledby="family-dates-title" className="mt-10 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="family-dates-title" className="flex items-center gap-2 text-2xl font-semibold">
        <CalendarHeart aria-hidden="true" className="size-6 text-primary" />
        {intl.formatMessage({ id: 'familyDates.card.title', defaultMessage: 'Dates that matter' })}
      </h2>
      <ul className="mt-4 grid gap-1">
        {data.dates.map((d) => (
          <li key={keyOf(d)} className={d.living ? undefined : 'text-muted-foreground'}>
            <time dateTime={d.date}>{d.text}</time>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <Link to={familyPath} className="underline-offset-4 hover:underline">
          {intl.formatMessage({ id: 'familyDates.card.seeFamily', defaultMessage: 'See your family' })}
        </Link>
      </p>
    </section>
  );
}
