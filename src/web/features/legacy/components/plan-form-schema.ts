import { z } from 'zod';
import { legacyPlanInputSchema, type LegacyPlan, type LegacyPlanInput } from '@shared/schemas/legacy';
import { livePause } from '../wording';

/** What the plan form holds: the number fields as typed, verifiers (id and name) in the order chosen. */
export type PlanFormValues = {
  checkInMonths: string;
  vetoDays: number;
  // a verifier may be on a page of contacts not loaded, or outside a search: the name comes along
  verifiers: { contactId: number; name: string }[];
  verifiersRequired: string;
};

export const planFormValues = (plan: LegacyPlan): PlanFormValues => ({
  checkInMonths: String(plan.checkInMonths),
  vetoDays: plan.vetoDays,
  verifiers: plan.verifiers.map(({ contactId, name }) => ({ contactId, name })),
  verifiersRequired: String(plan.verifiersRequired),
});

/** "How many must confirm" as the form reads it: at least one. */
export const requiredOf = (verifiersRequired: string) => Math.max(1, Number(verifiersRequired) || 1);

/** The waiting time sent: with fewer than two who must agree, "None" becomes the shortest wait allowed. */
export const waitDaysOf = (vetoDays: number, required: number) => (vetoDays === 0 && required < 2 ? 1 : vetoDays);

const FIELD_OF: Record<string, keyof PlanFormValues> = {
  checkInMonths: 'checkInMonths',
  vetoDays: 'vetoDays',
  verifierContactIds: 'verifiers',
  verifiersRequired: 'verifiersRequired',
};

/** The form checked by the shared legacyPlanInputSchema (each message on its field), read as the plan to save. */
export const planFormSchema = (pausedUntil: string | null) =>
  z
    .object({
      checkInMonths: z.string(),
      vetoDays: z.number(),
      verifiers: z.array(z.object({ contactId: z.number(), name: z.string() })),
      verifiersRequired: z.string(),
    })
    .transform((form, ctx): LegacyPlanInput => {
      const parsed = legacyPlanInputSchema.safeParse({
        checkInMonths: Number(form.checkInMonths),
        vetoDays: waitDaysOf(form.vetoDays, requiredOf(form.verifiersRequired)),
        verifierContactIds: form.verifiers.map((v) => v.contactId),
        verifiersRequired: Math.max(1, Number(form.verifiersRequired)),
        pausedUntil: livePause(pausedUntil),
      });
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: [FIELD_OF[String(issue.path[0])] ?? 'root'], message: issue.message });
      return z.NEVER;
    });
