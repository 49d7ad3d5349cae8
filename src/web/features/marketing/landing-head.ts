import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

// The landing page's <title> and description, as search results and a browser's tab show them: written into each
// language's prerendered page by the build, and kept in step by the page when its reader switches language.
const m = defineMessages({
  title: { id: 'marketing.page.title', defaultMessage: 'heirloom — your life story, kept for the people you love' },
  description: {
    id: 'marketing.page.description',
    defaultMessage: 'heirloom keeps your memories, photos and documents together as a life story you can hand on to the people you love.',
  },
});

/** The landing page's title and description in the page's language. */
export function landingHead(): { title: string; description: string } {
  const intl = activeIntl();
  return { title: intl.formatMessage(m.title), description: intl.formatMessage(m.description) };
}

/** Puts them into this document's head. */
export function applyLandingHead() {
  const { title, description } = landingHead();
  document.title = title;
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}
