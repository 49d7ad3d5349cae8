import { Camera, FolderHeart, Send } from 'lucide-react';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

const m = defineMessages({
  captureTitle: { id: 'marketing.howItWorks.capture.title', defaultMessage: 'Start & Capture' },
  captureText: {
    id: 'marketing.howItWorks.capture.text',
    defaultMessage:
      'Upload photos and videos, record a voice message, or simply write. Capture a memory the moment it comes back to you, on desktop or on your phone.',
  },
  curateTitle: { id: 'marketing.howItWorks.curate.title', defaultMessage: 'Curate & Preserve' },
  curateText: {
    id: 'marketing.howItWorks.curate.text',
    defaultMessage:
      'Gentle AI help tags and sorts what you add, and voice-to-text turns spoken stories into words. Arrange it all into a timeline of your life.',
  },
  shareTitle: { id: 'marketing.howItWorks.share.title', defaultMessage: 'Share & Continue' },
  shareText: {
    id: 'marketing.howItWorks.share.text',
    defaultMessage:
      'Share with family and friends now, or leave time-delayed messages and key codes for the generations who come after you.',
  },
});

// spec §1: exactly these three steps, in this order.
const STEPS = [
  { key: 'capture', icon: Camera, title: m.captureTitle, text: m.captureText },
  { key: 'curate', icon: FolderHeart, title: m.curateTitle, text: m.curateText },
  { key: 'share', icon: Send, title: m.shareTitle, text: m.shareText },
];

export function HowItWorksSection() {
  const intl = useIntl();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-it-works-title"
          eyebrow={intl.formatMessage({ id: 'marketing.howItWorks.eyebrow', defaultMessage: 'How it works' })}
          title={intl.formatMessage({ id: 'marketing.howItWorks.title', defaultMessage: 'Three simple steps to a lasting legacy' })}
          intro={intl.formatMessage({
            id: 'marketing.howItWorks.intro',
            defaultMessage: 'No manuals and no learning curve. If you can send a photo to a friend, you can build your life story.',
          })}
        />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon, title, text }, index) => (
            <li key={key} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {intl.formatNumber(index + 1)}
                </span>
                <Icon aria-hidden="true" className="size-6 text-secondary-foreground" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{intl.formatMessage(title)}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{intl.formatMessage(text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
