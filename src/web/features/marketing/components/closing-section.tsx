import type { ReactNode } from 'react';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

/** spec §1: the closing section, with the third waitlist form. */
export function ClosingSection({ form }: { form: ReactNode }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="closing-title" className="bg-foreground py-16 text-background md:py-24">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <SectionHeading
          id="closing-title"
          tone="dark"
          title={intl.formatMessage({ id: 'marketing.closing.title', defaultMessage: 'The best time to save a memory is today.' })}
          intro={intl.formatMessage({
            id: 'marketing.closing.intro',
            defaultMessage: 'Every story starts with one photo, one voice note, one sentence. Start yours with heirloom.',
          })}
        />
        <div className="mt-8 flex w-full justify-center">{form}</div>
      </div>
    </section>
  );
}
