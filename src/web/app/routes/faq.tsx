import { FaqAccordion } from '@web/features/marketing/components/faq-accordion';
import { WaitlistForm } from '@web/features/waitlist/components/waitlist-form';
import { useIntl } from '@web/lib/i18n/use-intl';

export function FaqRoute() {
  const intl = useIntl();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <title>{intl.formatMessage({ id: 'app.faq.pageTitle', defaultMessage: 'Frequently Asked Questions · heirloom' })}</title>
      <h1 className="text-center text-3xl font-semibold sm:text-4xl">
        {intl.formatMessage({ id: 'app.faq.title', defaultMessage: 'Frequently Asked Questions' })}
      </h1>
      <p className="mt-4 text-center text-lg text-muted-foreground">
        {intl.formatMessage({
          id: 'app.faq.intro',
          defaultMessage: 'Everything you might want to know about keeping your story with heirloom.',
        })}
      </p>
      <div className="mt-10">
        <FaqAccordion />
      </div>
      <section aria-labelledby="faq-waitlist-title" className="mt-12 rounded-xl bg-accent p-6 text-center sm:p-8">
        <h2 id="faq-waitlist-title" className="text-2xl font-semibold">
          {intl.formatMessage({ id: 'app.faq.waitlist.title', defaultMessage: 'Be the first to know' })}
        </h2>
        <p className="mt-2 text-accent-foreground">
          {intl.formatMessage({
            id: 'app.faq.waitlist.text',
            defaultMessage: 'Join the waitlist and we will let you know when early access opens.',
          })}
        </p>
        <div className="mt-6 flex justify-center">
          <WaitlistForm />
        </div>
      </section>
    </div>
  );
}
