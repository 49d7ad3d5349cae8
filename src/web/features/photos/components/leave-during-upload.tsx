import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';

/** What is still on its way up: a video (resumable), photos only, or nothing. */
export type UnfinishedUpload = 'video' | 'photos' | null;

const TEXT = defineMessages({
  // the card stops a video's tus upload when it goes; tus-js-client keeps its place (lib/resumable-upload.ts)
  video: {
    id: 'photos.leave.video',
    defaultMessage: 'A video is still uploading. If you leave, it stops; pick the same file again later and it continues where it stopped.',
  },
  photos: {
    id: 'photos.leave.photos',
    defaultMessage: 'Photos are still uploading. If you leave, the ones still waiting are not uploaded.',
  },
});

/**
 * Asks before leaving the page while uploads are unfinished: a link inside the app asks here (the viewer's
 * ?photo= addresses stay on the page and pass), closing or reloading the tab asks through the browser.
 */
export function LeaveDuringUpload({ unfinished }: { unfinished: UnfinishedUpload }) {
  const intl = useIntl();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unfinished !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  const isLeaving = useRef(false);

  useEffect(() => {
    if (!unfinished) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unfinished]);

  // the uploads finished while the question was open: nothing is lost by leaving now
  useEffect(() => {
    if (blocker.state === 'blocked' && unfinished === null) blocker.proceed();
  }, [blocker, unfinished]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && !isLeaving.current && blocker.state === 'blocked') blocker.reset();
        isLeaving.current = false;
      }}
      title={intl.formatMessage({ id: 'photos.leave.title', defaultMessage: 'Leave while uploading?' })}
      text={intl.formatMessage(TEXT[unfinished ?? 'photos'])}
      cancelLabel={intl.formatMessage({ id: 'photos.leave.stay', defaultMessage: 'Stay' })}
      confirmLabel={intl.formatMessage({ id: 'photos.leave.leave', defaultMessage: 'Leave' })}
      onConfirm={() => {
        isLeaving.current = true;
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
