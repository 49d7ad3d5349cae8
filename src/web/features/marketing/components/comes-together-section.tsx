import { Rocket, RefreshCw, Smile } from 'lucide-react';
import { SectionHeading } from './section-heading';

// spec §1: easy onboarding, dynamic process, future-ready.
const PILLARS = [
  {
    icon: Smile,
    title: 'Easy onboarding',
    text: 'Sign up, add your first memory and you are on your way. Friendly prompts suggest what to capture next, so a blank page is never a problem.',
  },
  {
    icon: RefreshCw,
    title: 'A dynamic process',
    text: 'Your story is never finished. Add, edit and re-arrange whenever a new memory surfaces; your timeline grows with you.',
  },
  {
    icon: Rocket,
    title: 'Future-ready',
    text: 'Your archive is built to last and to travel: open formats, careful backups, and a plan for passing it on, so it outlives any single device.',
  },
];

export function ComesTogetherSection() {
  return (
    <section id="how-it-comes-together" aria-labelledby="comes-together-title" className="bg-card py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="comes-together-title"
          eyebrow="The big picture"
          title="How It All Comes Together"
          intro="Capture, curate and share are only the start. Here is what makes heirloom a place you return to for years."
        />
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {PILLARS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent">
                <Icon aria-hidden="true" className="size-7 text-accent-foreground" />
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
