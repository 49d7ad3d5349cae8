import { Archive, Clock, Globe, KeyRound } from 'lucide-react';
import { SectionHeading } from './section-heading';

const SHARING_MODES = [
  { icon: Archive, title: 'Private family archives', text: 'A shared home for the family, visible only to the people you invite.' },
  { icon: Globe, title: 'Public collections', text: 'Publish the stories you want the world to know, and keep the rest private.' },
  { icon: Clock, title: 'Time-delayed messages', text: 'Write today, deliver later: on a birthday, a wedding day, or a date you choose.' },
  { icon: KeyRound, title: 'Unique key codes', text: 'Give future generations a key that unlocks your story when they are ready for it.' },
];

/** spec §1: the legacy pitch. */
export function LegacySection() {
  return (
    <section aria-labelledby="legacy-title" className="bg-foreground py-16 text-background md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="legacy-title"
          tone="dark"
          eyebrow="Your legacy vault"
          title="More than storage. A legacy that arrives."
          intro="Cloud drives keep files. heirloom keeps meaning: who was in the photo, why the song mattered, what you hoped they would remember. And it makes sure the right people receive it."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SHARING_MODES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-white/15 bg-white/5 p-6">
              <Icon aria-hidden="true" className="size-7 text-amber-200" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-stone-200">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
