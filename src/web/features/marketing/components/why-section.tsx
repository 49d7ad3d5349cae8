import { HeartHandshake, Layers, ShieldCheck } from 'lucide-react';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

const m = defineMessages({
  oneplaceTitle: { id: 'marketing.why.onePlace.title', defaultMessage: 'Everything in one place' },
  oneplaceText: {
    id: 'marketing.why.onePlace.text',
    defaultMessage:
      'Photos on old phones, letters in shoeboxes, voice notes in a chat thread. heirloom brings them together so nothing important is lost between devices.',
  },
  privateTitle: { id: 'marketing.why.private.title', defaultMessage: 'Private by design' },
  privateText: {
    id: 'marketing.why.private.text',
    defaultMessage:
      'Your memories are yours: private by default, on a server you control. You decide who sees each collection and when, and sealed letters are end-to-end encrypted for the heir who holds the key code.',
  },
  handedOnTitle: { id: 'marketing.why.handedOn.title', defaultMessage: 'Made to be handed on' },
  handedOnText: {
    id: 'marketing.why.handedOn.text',
    defaultMessage:
      'A legacy is only a legacy if it reaches someone. heirloom is built for the people who will read your story long after you write it.',
  },
});

const REASONS = [
  { key: 'one-place', icon: Layers, title: m.oneplaceTitle, text: m.oneplaceText },
  { key: 'private', icon: ShieldCheck, title: m.privateTitle, text: m.privateText },
  { key: 'handed-on', icon: HeartHandshake, title: m.handedOnTitle, text: m.handedOnText },
];

export function WhySection() {
  const intl = useIntl();
  return (
    <section id="why" aria-labelledby="why-title" className="bg-card py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="why-title"
          eyebrow={intl.formatMessage({ id: 'marketing.why.eyebrow', defaultMessage: 'Why heirloom' })}
          title={intl.formatMessage({ id: 'marketing.why.title', defaultMessage: "Stories fade. Yours doesn't have to." })}
          intro={intl.formatMessage({
            id: 'marketing.why.intro',
            defaultMessage:
              'Most of us only realise how much a voice, a recipe or a photograph meant once it is hard to find. heirloom makes keeping them easy, today.',
          })}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {REASONS.map(({ key, icon: Icon, title, text }) => (
            <li key={key} className="rounded-xl border bg-background p-6">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="mt-4 text-xl font-semibold">{intl.formatMessage(title)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{intl.formatMessage(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
