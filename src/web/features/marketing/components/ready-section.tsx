import type { ReactNode } from 'react';
import { SiteLink } from '@web/components/site-link';
import { SectionHeading } from './section-heading';

/** spec §1: Ready / Learn More, with the second waitlist form. */
export function ReadySection({ form }: { form: ReactNode }) {
  return (
    <section id="ready" aria-labelledby="ready-title" className="bg-accent py-16 md:py-24">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <SectionHeading
          id="ready-title"
          eyebrow="Ready when you are"
          title="Ready to start your story?"
          intro="Join the waitlist and be among the first to try heirloom. Early members help shape what we build next."
        />
        <div className="mt-8 flex w-full justify-center">{form}</div>
        <p className="mt-6 text-accent-foreground">
          Still have questions?{' '}
          <SiteLink to="/faq" className="font-semibold underline underline-offset-4 hover:text-primary">
            Learn More
          </SiteLink>{' '}
          in our FAQ.
        </p>
      </div>
    </section>
  );
}
