import type { ReactNode } from 'react';
import { SiteLink } from '@web/components/site-link';
import { useIntl } from '@web/lib/i18n/use-intl';
import { SectionHeading } from './section-heading';

/** spec §1: Ready / Learn More, with the second waitlist form. */
export function ReadySection({ form }: { form: ReactNode }) {
  const intl = useIntl();
  return (
    <section id="ready" aria-labelledby="ready-title" className="bg-accent py-16 md:py-24">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <SectionHeading
          id="ready-title"
          eyebrow={intl.formatMessage({ id: 'marketing.ready.eyebrow', defaultMessage: 'Ready when you are' })}
          title={intl.formatMessage({ id: 'marketing.ready.title', defaultMessage: 'Ready to start your story?' })}
          intro={intl.formatMessage({
            id: 'marketing.ready.intro',
            defaultMessage: 'Join the waitlist and be among the first to try heirloom. Early members help shape what we build next.',
          })}
        />
        <div className="mt-8 flex w-full justify-center">{form}</div>
        <p className="mt-6 text-accent-foreground">
          {intl.formatMessage(
            { id: 'marketing.ready.faq', defaultMessage: 'Still have questions? <link>Learn More</link> in our FAQ.' },
            {
              link: (chunks) => (
                <SiteLink to="/faq" className="font-semibold underline underline-offset-4 hover:text-primary">
                  {chunks}
                </SiteLink>
              ),
            },
          )}
        </p>
      </div>
    </section>
  );
}
