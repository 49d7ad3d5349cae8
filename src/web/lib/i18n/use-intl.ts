import { useSyncExternalStore } from 'react';
import type { IntlShape } from 'react-intl';
import { activeIntl, subscribeLanguage } from './language-store';

/**
 * The page's language as react-intl's `intl` (decision 081): `intl.formatMessage({ id, defaultMessage })`, dates,
 * numbers. Read from the one language store, so no provider is needed and a switch re-renders every reader.
 */
export function useIntl(): IntlShape {
  return useSyncExternalStore(subscribeLanguage, activeIntl, activeIntl);
}
