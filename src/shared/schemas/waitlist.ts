import { z } from 'zod';
import { userText } from '../i18n/text';

export const waitlistInputSchema = z.object({
  email: z.email({ error: userText('Please enter a valid email address') }).max(254, userText('Please enter a valid email address')),
});

export const waitlistResultSchema = z.object({ message: z.string() });

export type WaitlistInput = z.infer<typeof waitlistInputSchema>;
export type WaitlistResult = z.infer<typeof waitlistResultSchema>;
