import { Cake, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OnThisDay, OnThisDayBirthday, OnThisDayYear } from '@shared/schemas/on-this-day';
import type { Photo } from '@shared/schemas/photos';
import { DurationBadge } from '@web/components/duration-badge';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl, formattingLocale } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useOnThisDay } from '../api';

type OnThisDayCardProps = {
  /** A photo's thumbnail (the photos feature draws it; features never import each other). */
  renderPhoto: (photo: Photo) => ReactNode;
  /** Opens the viewer on photos[index] (the year's photos, so it can step through them). */
  onOpenPhoto: (photos: Photo[], index: number) => void;
  /** Where a contact is listed: the Family or Friends page. */
  contactPath: (birthday: OnThisDayBirthday) => string;
  memoriesPath: string;
};

/** The dashboard's "On this day" (issue 15): nothing at all while loading, on error, or when the day is empty. */
export function OnThisDayCard(props: OnThisDayCardProps) {
  const query = useOnThisDay();
  if (!query.isSuccess) return null;
  return <OnThisDayContent data={query.data} {...props} />;
}

const BIRTHDAY = defineMessages({
  today: { id: 'onThisDay.birthday.today', defaultMessage: '{name} turns {age} today' },
  tomorrow: { id: 'onThisDay.birthday.tomorrow', defaultMessage: '{name} turns {age} tomorrow' },
  weekday: { id: 'onThisDay.birthday.weekday', defaultMessage: '{name} turns {age} on {weekday}' },
  date: { id: 'onThisDay.birthday.date', defaultMessage: '{name} turns {age} on {date}' },
});

/** "… today", "… tomorrow", "… on Friday" within a week, else "… on January 7", in the page's language. */
function birthdayLine({ date, daysAway, firstName, lastName, turns }: OnThisDayBirthday): string {
  const intl = activeIntl();
  const values = { name: [firstName, lastName].filter(Boolean).join(' '), age: String(turns) };
  if (daysAway === 0) return intl.formatMessage(BIRTHDAY.today, values);
  if (daysAway === 1) return intl.formatMessage(BIRTHDAY.tomorrow, values);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = new Date(y, m - 1, d);
  if (daysAway < 7) {
    const weekday = new Intl.DateTimeFormat(formattingLocale(), { weekday: 'long' }).format(day);
    return intl.formatMessage(BIRTHDAY.weekday, { ...values, weekday });
  }
  const monthDay = new Intl.DateTimeFormat(formattingLocale(), { month: 'long', day: 'numeric' }).format(day);
  return intl.formatMessage(BIRTHDAY.date, { ...values, date: monthDay });
}

export function OnThisDayContent({ data, renderPhoto, onOpenPhoto, contactPath, memoriesPath }: OnThisDayCardProps & { data: OnThisDay }) {
  const intl = useIntl();
  if (data.years.length === 0 && data.birthdays.length === 0) return null;
  return (
    <section aria-labelledby="on-this-day-title" className="mt-10 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="on-this-day-title" className="flex items-center gap-2 text-2xl font-semibold">
        <History aria-hidden="true" className="size-6 text-primary" />
        {intl.formatMessage({ id: 'onThisDay.card.title', defaultMessage: 'On this day' })}
      </h2>
      <div className="mt-4 grid gap-6">
        {data.years.map((year) => (
          <YearOnThisDay key={year.year} year={year} renderPhoto={renderPhoto} onOpenPhoto={onOpenPhoto} memoriesPath={memoriesPath} />
        ))}
        {data.birthdays.length > 0 && (
          <div>
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <Cake aria-hidden="true" className="size-5 text-primary" />
              {intl.formatMessage({ id: 'onThisDay.card.birthdays', defaultMessage: 'Birthdays' })}
            </h3>
            <ul className="mt-2 grid gap-1">
              {data.birthdays.map((b) => (
                <li key={b.contactId}>
                  <Link to={contactPath(b)} className="underline-offset-4 hover:underline">
                    {birthdayLine(b)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

function YearOnThisDay({
  year,
  renderPhoto,
  onOpenPhoto,
  memoriesPath,
}: {
  year: OnThisDayYear;
  renderPhoto: OnThisDayCardProps['renderPhoto'];
  onOpenPhoto: OnThisDayCardProps['onOpenPhoto'];
  memoriesPath: string;
}) {
  const intl = useIntl();
  const morePhotos = year.photoCount - year.photos.length;
  const moreMemories = year.memoryCount - year.memories.length;
  return (
    <section
      aria-label={intl.formatMessage(
        { id: 'onThisDay.year.label', defaultMessage: '{count, plural, one {# year ago} other {# years ago}}, {year}' },
        { count: year.yearsAgo, year: String(year.year) },
      )}
    >
      <h3 className="text-lg font-semibold">
        {intl.formatMessage(
          {
            id: 'onThisDay.year.heading',
            defaultMessage: '{count, plural, one {# year ago} other {# years ago}} <muted>· {year}</muted>',
          },
          {
            count: year.yearsAgo,
            year: String(year.year),
            muted: (chunks) => <span className="font-normal text-muted-foreground">{chunks}</span>,
          },
        )}
      </h3>
      {year.photos.length > 0 && (
        <ul
          aria-label={intl.formatMessage(
            { id: 'onThisDay.year.photos', defaultMessage: 'Photos from {year}' },
            { year: String(year.year) },
          )}
          className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6"
        >
          {year.photos.map((photo, index) => (
            <li key={photo.id} className="relative aspect-square overflow-hidden rounded-lg border bg-muted">
              <button
                type="button"
                className="size-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={intl.formatMessage(
                  { id: 'onThisDay.year.viewPhoto', defaultMessage: 'View {photo}' },
                  { photo: photo.title || photo.fileName },
                )}
                onClick={() => onOpenPhoto(year.photos, index)}
              >
                {renderPhoto(photo)}
              </button>
              {/* a video (decision 038): the play mark and its length; the viewer it opens plays it */}
              {photo.video && (
                <DurationBadge
                  durationMs={photo.video.durationMs}
                  className="pointer-events-none absolute end-1 bottom-1 sm:end-2 sm:bottom-2"
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {morePhotos > 0 && (
        <p className="mt-1 text-sm text-muted-foreground">
          {intl.formatMessage(
            { id: 'onThisDay.year.morePhotos', defaultMessage: 'and {count, plural, one {# more photo} other {# more photos}} that day' },
            { count: morePhotos },
          )}
        </p>
      )}
      {year.memories.length > 0 && (
        <ul
          aria-label={intl.formatMessage(
            { id: 'onThisDay.year.memories', defaultMessage: 'Memories from {year}' },
            { year: String(year.year) },
          )}
          className="mt-2 grid gap-1"
        >
          {year.memories.map((memory) => (
            <li key={memory.id}>
              <Link to={memoriesPath} className="font-medium text-primary underline-offset-4 hover:underline">
                {memory.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {moreMemories > 0 && (
        <p className="mt-1 text-sm text-muted-foreground">
          {intl.formatMessage(
            {
              id: 'onThisDay.year.moreMemories',
              defaultMessage: 'and {count, plural, one {# more memory} other {# more memories}} that day',
            },
            { count: moreMemories },
          )}
        </p>
      )}
    </section>
  );
}
