import { Baby, Cake, Heart, User, Users } from 'lucide-react';
import { SectionHeading } from './section-heading';

// spec §1: families, individuals, loved ones, special events, future generations.
const USE_CASES = [
  {
    icon: Users,
    title: 'Families',
    text: "Build one family archive together: everyone adds what they remember, and the whole family's history lives in one place.",
  },
  {
    icon: User,
    title: 'Individuals',
    text: 'Write your own story in your own words, at your own pace: a private journal today, a memoir tomorrow.',
  },
  {
    icon: Heart,
    title: 'Loved ones',
    text: 'Keep the voice, the handwriting and the stories of someone dear, so they stay close long after goodbye.',
  },
  {
    icon: Cake,
    title: 'Special events',
    text: 'Weddings, graduations, reunions, first days: collect everyone’s photos and messages around a single moment.',
  },
  {
    icon: Baby,
    title: 'Future generations',
    text: 'Leave letters and lessons for grandchildren you may never meet, delivered when they are old enough to treasure them.',
  },
];

export function UseCasesSection() {
  return (
    <section id="use-cases" aria-labelledby="use-cases-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Featured use cases"
          title="Made for every kind of story"
          intro="However you remember, and whoever you remember for, heirloom fits around your life."
        />
        <ul className="mt-12 flex flex-wrap justify-center gap-6">
          {USE_CASES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="w-full rounded-xl border bg-card p-6 shadow-sm sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
              <span className="flex size-11 items-center justify-center rounded-full bg-secondary">
                <Icon aria-hidden="true" className="size-5 text-secondary-foreground" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
