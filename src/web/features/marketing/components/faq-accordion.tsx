import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { faqItems } from '../faq-items';

/** spec §2: single-open, collapsible. */
export function FaqAccordion() {
  return (
    <Accordion type="single" collapsible className="rounded-xl border bg-card px-4 shadow-sm sm:px-6">
      {faqItems.map((item) => (
        <AccordionItem key={item.id} value={item.id}>
          <AccordionTrigger headingLevel={2}>{item.question}</AccordionTrigger>
          <AccordionContent className="text-base">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
