import { z } from 'zod';

export const waitlistInputSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address'),
});

export const waitlistResultSchema = z.object({ message: z.string() });

export type WaitlistInput = z.infer<typeof waitlistInputSchema>;
export type WaitlistResult = z.infer<typeof waitlistResultSchema>;
