import { useEffect } from 'react';
import type { User } from '@shared/schemas/auth';
import { PSEUDO_LANGUAGE } from '@shared/i18n/languages';
import { activeLanguage, switchLanguage } from '@web/lib/i18n/language-store';
import { useSetAccountLanguage } from './api';

/**
 * Signed in, the account's language wins (chosen on another device, it follows the owner here); an account that
 * never chose takes the one this browser reads, so its mails are written in it from now on.
 */
export function useAccountLanguage(user: User | null | undefined) {
  const { mutate } = useSetAccountLanguage();
  const language = user?.language;
  const signedIn = user != null;
  useEffect(() => {
    if (!signedIn) return;
    if (language) {
      if (language !== activeLanguage()) void switchLanguage(language);
    } else if (activeLanguage() !== PSEUDO_LANGUAGE) {
      mutate(activeLanguage());
    }
  }, [signedIn, language, mutate]);
}
