import { useId } from 'react';
import { languageName, PSEUDO_LANGUAGE } from '@shared/i18n/languages';
import { shippedLanguages } from '@web/lib/i18n/catalogues';
import { LANGUAGE_MENU_NAME } from '@web/lib/i18n/language-choice';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { cn } from '@web/lib/cn';

/**
 * The language menu (public pages' header, Settings): each language named in itself. Switching redraws the page
 * at once and is kept in this browser; `onChosen` also keeps it in the account. On `/` as the server sends it the
 * menu is drawn at build time and left to the page's own script (entry-landing.tsx), which reloads the page in
 * the language picked.
 */
export function LanguageMenu({ className, onChosen }: { className?: string; onChosen?: (language: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const offered = import.meta.env.DEV || intl.locale === PSEUDO_LANGUAGE ? [...shippedLanguages, PSEUDO_LANGUAGE] : shippedLanguages;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage({ id: 'common.language.label', defaultMessage: 'Language' })}
      </label>
      <select
        id={id}
        name={LANGUAGE_MENU_NAME}
        // a browser restoring the field on reload would show a language the page is not in
        autoComplete="off"
        value={intl.locale}
        onChange={(event) => {
          const language = event.target.value;
          void switchLanguage(language).then(() => onChosen?.(language));
        }}
        className="h-9 rounded-md border border-input bg-background ps-2 pe-7 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {offered.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageName(language)}
          </option>
        ))}
      </select>
    </div>
  );
}
