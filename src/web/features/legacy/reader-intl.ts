// A printed page is read by the heir or a verifier, in their language, not the owner's (decision 081): the kit and
// the verifier sheets are worded by a translator of their own, made when they are printed.
import { createIntl, type IntlShape } from 'react-intl';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import { isShipped } from '@web/lib/i18n/catalogues';
import { activeIntl, activeLanguage, messagesIn } from '@web/lib/i18n/language-store';

/** A translator for `language` (a contact's; null or unknown: the owner's own, the page's). */
export async function readerIntl(language: string | null | undefined): Promise<IntlShape> {
  const locale = language && isShipped(language) ? language : activeLanguage();
  if (locale === activeLanguage()) return activeIntl();
  return createIntl({ locale, defaultLocale: SOURCE_LANGUAGE, messages: await messagesIn(locale), onError: () => {} });
}

/** The plan's own date style: English keeps its day-month-year ('1 June 2040'), other languages their own. */
export const dayLocale = (intl: IntlShape) => (intl.locale === SOURCE_LANGUAGE || intl.locale.startsWith('en-') ? 'en-GB' : intl.locale);

/** 'A, B and C' / 'A, B or C' in the reader's language (English without the serial comma). */
export const listOf = (intl: IntlShape, names: string[], type: 'conjunction' | 'disjunction') =>
  new Intl.ListFormat(dayLocale(intl), { type }).format(names);
