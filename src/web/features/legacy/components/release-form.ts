import { z } from 'zod';
import { releaseInputSchema, type Heir, type Release, type ReleaseInput } from '@shared/schemas/legacy';
import { activeIntl } from '@web/lib/i18n/language-store';
import { localMidnightIso } from '../wording';

export type Kind = Release['target']['kind'];
export type Condition = 'after-death' | 'on-date' | 'at-age' | 'never';
export const KINDS: Kind[] = ['collection', 'photo', 'memory', 'document', 'letter'];
const TARGET_FIELD = {
  collection: 'collectionId',
  photo: 'photoId',
  memory: 'memoryId',
  document: 'documentId',
  letter: 'letterId',
} as const satisfies Record<Kind, keyof ReleaseInput>;

/** The heir's age today, from a calendar date of birth (null without one). */
export function ageToday(dateOfBirth: string | null, today = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const hadBirthday = today.getMonth() + 1 > m || (today.getMonth() + 1 === m && today.getDate() >= d);
  return today.getFullYear() - y - (hadBirthday ? 0 : 1);
}

/** 18, or for an heir already 18 or older the next birthday: never an age already passed. */
export const defaultAge = (dateOfBirth: string | null) => String(Math.max(18, (ageToday(dateOfBirth) ?? 0) + 1));

/** An age the heir has already reached: what is added is released to them now. */
export function reachedNow(heir: Heir, age: string) {
  const current = ageToday(heir.dateOfBirth);
  return current !== null && Number(age) >= 1 && Number(age) <= current;
}

export type ReleaseFormValues = { kind: Kind; targetId: string; condition: Condition; day: string; age: string; includeNames: boolean };

/** What can have people in it, so the heir may be shown their names (issue 29). */
export const mayShowNames = (kind: Kind) => kind === 'collection' || kind === 'photo';

export const releaseFormValues = (heir: Heir): ReleaseFormValues => ({
  kind: 'collection',
  targetId: '',
  condition: 'after-death',
  day: '',
  age: defaultAge(heir.dateOfBirth),
  includeNames: false,
});

const isAge = (age: number) => Number.isInteger(age) && age >= 1 && age <= 120;

/** The dialog's words for what is missing, each on its field, then the release as the shared contract checks it. */
export const releaseFormSchema = (heir: Heir, minDay: string) =>
  z
    .object({
      kind: z.enum(['collection', 'photo', 'memory', 'document', 'letter']),
      targetId: z.string(),
      condition: z.enum(['after-death', 'on-date', 'at-age', 'never']),
      day: z.string(),
      age: z.string(),
      includeNames: z.boolean(),
    })
    .superRefine((form, ctx) => {
      const intl = activeIntl();
      const issue = (path: keyof ReleaseFormValues, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!form.targetId)
        return issue(
          'targetId',
          intl.formatMessage(
            {
              id: 'legacy.releaseForm.chooseTarget',
              defaultMessage:
                'Choose the {kind, select, collection {collection} photo {photo} memory {memory} document {document} other {letter}} to release.',
            },
            { kind: form.kind },
          ),
        );
      if (form.condition === 'on-date' && (!form.day || form.day < minDay))
        return issue('day', intl.formatMessage({ id: 'legacy.releaseForm.futureDay', defaultMessage: 'Choose a day in the future.' }));
      if (form.condition !== 'at-age') return;
      if (!isAge(Number(form.age)))
        return issue('age', intl.formatMessage({ id: 'legacy.releaseForm.age', defaultMessage: 'Choose an age between 1 and 120.' }));
      if (reachedNow(heir, form.age) && !heir.hasKeyCode)
        issue(
          'age',
          intl.formatMessage(
            {
              id: 'legacy.releaseForm.keyCodeFirst',
              defaultMessage: 'Make {name}’s key code first: without it, {name} cannot open what is released now.',
            },
            { name: heir.name },
          ),
        );
    })
    .transform((form, ctx): ReleaseInput => {
      const atAge = form.condition === 'at-age';
      const input: ReleaseInput = {
        heirId: heir.id,
        [TARGET_FIELD[form.kind]]: Number(form.targetId),
        condition: form.condition,
        releaseAt: form.condition === 'on-date' ? localMidnightIso(form.day) : null,
        age: atAge ? Number(form.age) : null,
        ...(atAge && reachedNow(heir, form.age) ? { releaseNow: true } : {}),
        includeNames: mayShowNames(form.kind) && form.includeNames,
      };
      const parsed = releaseInputSchema.safeParse(input);
      for (const issue of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: ['root'], message: issue.message });
      return input;
    });
