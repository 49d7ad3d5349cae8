import { Baby, Cake, Heart, User, Users } from 'lucide-react';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

const m = defineMessages({
  familiesTitle: { id: 'marketing.useCases.families.title', defaultMessage: 'Families' },
  familiesText: {
    id: 'marketing.useCases.families.text',
    defaultMessage:
      "Build one family archive together: everyone adds what they remember, and the whole family's history lives in one place.",
  },
  individualsTitle: { id: 'marketing.useCases.individuals.title', defaultMessage: 'Individuals' },
  individualsText: {
    id: 'marketing.useCases.individuals.text',
    defaultMessage: 'Write your own story in your own words, at your own pace: a private journal today, a memoir tomorrow.',
  },
  lovedOnesTitle: { id: 'marketing.useCases.lovedOnes.title', defaultMessage: 'Loved ones' },
  lovedOnesText: {
    id: 'marketing.useCases.lovedOnes.text',
    defaultMessage: 'Keep the voice, the handwriting and the stories of someone dear, so they stay close long after goodbye.',
  },
  eventsTitle: { id: 'marketing.useCases.events.title', defaultMessage: 'Special events' },
  eventsText: {
    id: 'marketing.useCases.events.text',
    defaultMessage: 'Weddings, graduations, reunions, first days: collect everyone’s photos and messages around a single moment.',
  },
  futureTitle: { id: 'marketing.useCases.future.title', defaultMessage: 'Future generations' },
  futureText: {
    id: 'marketing.useCases.future.text',
    defaultMessage: 'Leave letters and lessons for grandchildren you may never meet, delivered when they are old enough to treasure them.',
  },
});

// spec §1: families, individuals, loved ones, special events, future generations.
const USE_CASES = [
  { key: 'families', icon: Users, title: m.familiesTitle, text: m.familiesText },
  { key: 'individuals', icon: User, title: m.individualsTitle, text: m.individualsText },
  { key: 'loved-ones', icon: Heart, title: m.lovedOnesTitle, text: m.lovedOnesText },
  { key: 'events', icon: Cake, title: m.eventsTitle, text: m.eventsText },
  { key: 'future', icon: Baby, title: m.futureTitle, text: m.futureText },
];

export function UseCasesSection() {
  const intl = useIntl();
  return (
    <section id="use-cases" aria-labelledby="use-cases-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="use-cases-title"
          eyebrow={intl.formatMessage({ id: 'marketing.useCases.eyebrow', defaultMessage: 'Featured use cases' })}
          title={intl.formatMessage({ id: 'marketing.useCases.title', defaultMessage: 'Made for every kind of story' })}
          intro={intl.formatMessage({
            id: 'marketing.useCases.intro',
            defaultMessage: 'However you remember, and whoever you remember for, heirloom fits around your life.',
          })}
        />
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {USE_CASES.map(({ key, icon: Icon, title, text }) => (
            <li key={key} className="w-full rounded-xl border bg-card p-6 shadow-sm sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
              <span className="flex size-11 items-center justify-center rounded-full bg-secondary">
                <Icon aria-hidden="true" className="size-5 text-secondary-foreground" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{intl.formatMessage(title)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{intl.formatMessage(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
