import { defineMessages } from '@web/lib/i18n/define-messages';

/** What the people screens' toasts share. */
export const toastWords = defineMessages({
  error: { id: 'people.toast.error', defaultMessage: 'Error' },
  saveFailed: { id: 'people.toast.saveFailed', defaultMessage: 'Failed to save' },
});
