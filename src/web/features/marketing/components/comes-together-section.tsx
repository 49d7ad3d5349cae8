import { Rocket, RefreshCw, Smile } from 'lucide-react';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

const m = defineMessages({
  onboardingTitle: { id: 'marketing.comesTogether.onboarding.title', defaultMessage: 'Easy onboarding' },
  onboardingText: {
    id: 'marketing.comesTogether.onboarding.text',
    defaultMessage:
      'Sign up, add your first memory and you are on your way. Friendly prompts suggest what to capture next, so a blank page is never a problem.',
  },
  dynamicTitle: { id: 'marketing.comesTogether.dynamic.title', defaultMessage: 'A dynamic process' },
  dynamicText: {
    id: 'marketing.comesTogether.dynamic.text',
    defaultMessage: 'Your story is never finished. Add, edit and re-arrange whenever a new memory surfaces; your timeline grows with you.',
  },
  futureTitle: { id: 'marketing.comesTogether.future.title', defaultMessage: 'Future-ready' },
  futureText: {
    id: 'marketing.comesTogether.future.text',
    defaultMessage:
      'Your archive is built to last and to travel: open formats, careful backups, and a plan for passing it on, so it outlives any single device.',
  },
});

// spec §1: easy onboarding, dynamic process, future-ready.
const PILLARS = [
  { key: 'onboarding', icon: Smile, title: m.onboardingTitle, text: m.onboardingText },
  { key: 'dynamic', icon: RefreshCw, title: m.dynamicTitle, text: m.dynamicText },
  { key: 'future', icon: Rocket, title: m.futureTitle, text: m.futureText },
];

export function ComesTogetherSection() {
  const intl = useIntl();
  return (
    <section id="how-it-comes-together" aria-labelledby="comes-together-title" className="bg-card py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="comes-together-title"
          eyebrow={intl.formatMessage({ id: 'marketing.comesTogether.eyebrow', defaultMessage: 'The big picture' })}
          title={intl.formatMessage({ id: 'marketing.comesTogether.title', defaultMessage: 'How It All Comes Together' })}
          intro={intl.formatMessage({
            id: 'marketing.comesTogether.intro',
            defaultMessage: 'Capture, curate and share are only the start. Here is what makes heirloom a place you return to for years.',
          })}
        />
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {PILLARS.map(({ key, icon: Icon, title, text }) => (
            <li key={key} className="text-center">
              <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-accent">
                <Icon aria-hidden="true" className="size-7 text-accent-foreground" />
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
