import { defineMessages } from '@web/lib/i18n/define-messages';

/** The titles every photo toast shares. */
export const toastTitles = defineMessages({
  success: { id: 'photos.toast.success', defaultMessage: 'Success' },
  error: { id: 'photos.toast.error', defaultMessage: 'Error' },
  tryAgain: { id: 'photos.toast.tryAgain', defaultMessage: 'Please try again.' },
});
