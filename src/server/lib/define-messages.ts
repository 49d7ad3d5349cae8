import type { MessageDescriptor } from 'react-intl';

type Descriptor = MessageDescriptor & { id: string; defaultMessage: string };

/**
 * Messages named ahead of use on the server (mails, PDFs): `translator(language).formatMessage(messages.x, values)`.
 * The extractor (npm run i18n:extract) finds them by this function's name, as it does the web app's twin.
 */
export function defineMessages<K extends string>(messages: Record<K, Descriptor>): Record<K, Descriptor> {
  return messages;
}
