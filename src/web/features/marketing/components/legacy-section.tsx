import { Archive, Clock, Globe, KeyRound } from 'lucide-react';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

const m = defineMessages({
  archivesTitle: { id: 'marketing.legacy.archives.title', defaultMessage: 'Private family archives' },
  archivesText: {
    id: 'marketing.legacy.archives.text',
    defaultMessage: 'A shared home for the family, visible only to the people you invite.',
  },
  publicTitle: { id: 'marketing.legacy.public.title', defaultMessage: 'Public collections' },
  publicText: {
    id: 'marketing.legacy.public.text',
    defaultMessage: 'Publish the stories you want the world to know, and keep the rest private.',
  },
  delayedTitle: { id: 'marketing.legacy.delayed.title', defaultMessage: 'Time-delayed messages' },
  delayedText: {
    id: 'marketing.legacy.delayed.text',
    defaultMessage: 'Write today, deliver later: on a birthday, a wedding day, or a date you choose.',
  },
  keysTitle: { id: 'marketing.legacy.keys.title', defaultMessage: 'Unique key codes' },
  keysText: {
    id: 'marketing.legacy.keys.text',
    defaultMessage: 'Give future generations a key that unlocks your story when they are ready for it.',
  },
});

const SHARING_MODES = [
  { key: 'archives', icon: Archive, title: m.archivesTitle, text: m.archivesText },
  { key: 'public', icon: Globe, title: m.publicTitle, text: m.publicText },
  { key: 'delayed', icon: Clock, title: m.delayedTitle, text: m.delayedText },
  { key: 'keys', icon: KeyRound, title: m.keysTitle, text: m.keysText },
];

/** spec §1: the legacy pitch. */
export function LegacySection() {
  const intl = useIntl();
  return (
    <section aria-labelledby="legacy-title" className="bg-foreground py-16 text-background md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="legacy-title"
          tone="dark"
          eyebrow={intl.formatMessage({ id: 'marketing.legacy.eyebrow', defaultMessage: 'Your legacy vault' })}
          title={intl.formatMessage({ id: 'marketing.legacy.title', defaultMessage: 'More than storage. A legacy that arrives.' })}
          intro={intl.formatMessage({
            id: 'marketing.legacy.intro',
            defaultMessage:
              'Cloud drives keep files. heirloom keeps meaning: who was in the photo, why the song mattered, what you hoped they would remember. And it makes sure the right people receive it.',
          })}
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SHARING_MODES.map(({ key, icon: Icon, title, text }) => (
            <li key={key} className="rounded-xl border border-white/15 bg-white/5 p-6">
              <Icon aria-hidden="true" className="size-7 text-amber-200" />
              <h3 className="mt-4 text-lg font-semibold">{intl.formatMessage(title)}</h3>
              <p className="mt-2 leading-relaxed text-stone-200">{intl.formatMessage(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
