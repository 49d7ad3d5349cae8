import { HeartHandshake, Layers, ShieldCheck } from 'lucide-react';
import { SectionHeading } from './section-heading';

const REASONS = [
  {
    icon: Layers,
    title: 'Everything in one place',
    text: 'Photos on old phones, letters in shoeboxes, voice notes in a chat thread. heirloom brings them together so nothing important is lost between devices.',
  },
  {
    icon: ShieldCheck,
    title: 'Private by design',
    text: 'Your memories are yours: private by default, on a server you control. You decide who sees each collection and when, and sealed letters are end-to-end encrypted for the heir who holds the key code.',
  },
  {
    icon: HeartHandshake,
    title: 'Made to be handed on',
    text: 'A legacy is only a legacy if it reaches someone. heirloom is built for the people who will read your story long after you write it.',
  },
];

export function WhySection() {
  return (
    <section id="why" aria-labelledby="why-title" className="bg-card py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="why-title"
          eyebrow="Why heirloom"
          title="Stories fade. Yours doesn't have to."
          intro="Most of us only realise how much a voice, a recipe or a photograph meant once it is hard to find. heirloom makes keeping them easy, today."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-background p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
