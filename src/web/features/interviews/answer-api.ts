import { useQuery } from '@tanstack/react-query';
import type { AnswerLinkStatus, AnswerPage } from '@shared/schemas/interviews';
import { api } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { uploadResumably } from '@web/lib/resumable-upload';

// The storyteller's answer page (decision 066): no session, the link's token is the only key.

const messages = defineMessages({
  tooLong: {
    id: 'interviews.answer.recordingTooLong',
    defaultMessage: 'This recording is too long to send. Record a shorter one, or write your answer instead.',
  },
});

export const answerPageKey = (token: string) => ['interviews', 'answer', token] as const;

/** A link's token is 43 base64url characters; anything else cannot be one of ours. */
export const isAnswerToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const useAnswerPage = (token: string) =>
  useQuery({
    queryKey: answerPageKey(token),
    queryFn: () => api.get<AnswerPage>(`/api/answer/${token}`),
    enabled: isAnswerToken(token),
    retry: false,
  });

export interface AnswerToSend {
  text: string;
  recording: File | null;
  photos: File[];
}

/** Where a send is: the recording first (resumable), then the answer itself. 0–100 each. */
export type SendProgress = { step: 'recording' | 'answer'; percent: number };

/**
 * Sends an answer: the recording by tus, so a slow or broken connection resumes where it stopped; then the text,
 * the photos and the recording's upload id in one multipart request.
 */
export async function sendAnswer(token: string, answer: AnswerToSend, onProgress: (progress: SendProgress) => void): Promise<void> {
  const form = new FormData();
  if (answer.recording) {
    onProgress({ step: 'recording', percent: 0 });
    const uploadId = await uploadResumably(answer.recording, {
      endpoint: `/api/answer/${token}/uploads`,
      fallbackType: 'audio/webm',
      tooLargeMessage: activeIntl().formatMessage(messages.tooLong),
      onProgress: (sent, total) => onProgress({ step: 'recording', percent: total ? Math.round((sent / total) * 100) : 0 }),
    });
    form.append('recordingUploadId', uploadId);
  }
  if (answer.text.trim()) form.append('text', answer.text.trim());
  for (const photo of answer.photos) form.append('photos', photo, photo.name);
  onProgress({ step: 'answer', percent: 0 });
  await api.upload(`/api/answer/${token}`, form, (percent) => onProgress({ step: 'answer', percent }));
}

export type AnswerAction = 'skip' | 'pause' | 'stop';

export const answerAction = (token: string, action: AnswerAction) =>
  api.post<{ status: AnswerLinkStatus }>(`/api/answer/${token}/${action}`);
