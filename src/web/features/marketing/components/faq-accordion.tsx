import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { useIntl } from '@web/lib/i18n/use-intl';
import { faqItems } from '../faq-items';

/** spec §2: single-open, collapsible. */
export function FaqAccordion() {
  const intl = useIntl();
  return (
    <Accordion type="single" collapsible className="rounded-xl border bg-card px-4 shadow-sm sm:px-6">
      {faqItems.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger headingLevel={2}>{intl.formatMessage(item.question)}</AccordionTrigger>
          <AccordionContent className="text-base">{intl.formatMessage(item.answer)}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
