// The owner's mail when the family tree grows and a rule by relation (decision 065) names someone new: who now
// receives what, and who cannot yet and why. In the owner's language (issue 33).
import type { IntlShape } from 'react-intl';
import { relationIn } from '@shared/family-relations';
import type { FamilyRelation, RelationRuleMember } from '@shared/schemas/legacy';
import type { MailMessage } from '../../lib/mail';
import { longDay } from '../../lib/mail-language';

/** What the mail needs of a rule. */
export interface RuleWords {
  relation: string;
  title: string;
  condition: string;
  releaseAt: Date | null;
  age: number | null;
}

export interface Newcomer {
  rule: RuleWords;
  member: RelationRuleMember;
}

/** "each of your grandchildren" */
function ruleLabel(intl: IntlShape, relation: FamilyRelation): string {
  switch (relation) {
    case 'children':
      return intl.formatMessage({ id: 'mail.legacyRelations.children', defaultMessage: 'each of your children' });
    case 'grandchildren':
      return intl.formatMessage({ id: 'mail.legacyRelations.grandchildren', defaultMessage: 'each of your grandchildren' });
    case 'descendants':
      return intl.formatMessage({ id: 'mail.legacyRelations.descendants', defaultMessage: 'all your descendants' });
    case 'partner':
      return intl.formatMessage({ id: 'mail.legacyRelations.partner', defaultMessage: 'your partner' });
  }
}

/** When the rule hands it on: "after your death". */
function whenWords(intl: IntlShape, rule: RuleWords): string {
  switch (rule.condition) {
    case 'on_date':
      return rule.releaseAt
        ? intl.formatMessage({ id: 'mail.legacyRelations.onDay', defaultMessage: 'on {day}' }, { day: longDay(intl, rule.releaseAt) })
        : intl.formatMessage({ id: 'mail.legacyRelations.onADate', defaultMessage: 'on a date' });
    case 'at_age':
      return intl.formatMessage(
        { id: 'mail.legacyRelations.atAge', defaultMessage: 'at the age of {age}' },
        { age: String(rule.age ?? '?') },
      );
    case 'never':
      return intl.formatMessage({ id: 'mail.legacyRelations.never', defaultMessage: 'never (kept in the plan, not handed on)' });
    default:
      return intl.formatMessage({ id: 'mail.legacyRelations.afterDeath', defaultMessage: 'after your death' });
  }
}

/** Why someone cannot receive yet, or what the owner still has to do; null when nothing is missing. */
function missingWords(intl: IntlShape, member: RelationRuleMember): string | null {
  const name = member.name;
  switch (member.status) {
    case 'no-contact':
      return intl.formatMessage(
        {
          id: 'mail.legacyRelations.noContact',
          defaultMessage:
            '{name} is not linked to a contact yet: link them to a contact with an e-mail address and they will receive this.',
        },
        { name },
      );
    case 'no-email':
      return intl.formatMessage(
        {
          id: 'mail.legacyRelations.noEmail',
          defaultMessage: '{name} has no e-mail address yet: add one to their contact and they will receive this.',
        },
        { name },
      );
    case 'no-date-of-birth':
      return intl.formatMessage(
        {
          id: 'mail.legacyRelations.noDateOfBirth',
          defaultMessage: '{name} has no date of birth, so a release at an age cannot be dated for them: add it to the heir.',
        },
        { name },
      );
    default:
      return member.hasKeyCode
        ? null
        : intl.formatMessage(
            {
              id: 'mail.legacyRelations.makeKeyCode',
              defaultMessage: 'Make {name}’s key code and give them the Legacy Kit: without it, nothing released to them can be opened.',
            },
            { name },
          );
  }
}

/** "- Dora King (your granddaughter) now receives “Summers at the lake” (each of your grandchildren, after your death)." */
function newcomerLine(intl: IntlShape, { rule, member }: Newcomer): string {
  // the tree's English word said in the owner's language; one it cannot say leaves the name alone
  const relation = member.relation ? relationIn(intl, member.relation) : null;
  const who = relation
    ? intl.formatMessage({ id: 'mail.legacyRelations.who', defaultMessage: '{name} ({relation})' }, { name: member.name, relation })
    : member.name;
  const what = intl.formatMessage(
    { id: 'mail.legacyRelations.what', defaultMessage: '“{title}” ({rule}, {when})' },
    { title: rule.title, rule: ruleLabel(intl, rule.relation as FamilyRelation), when: whenWords(intl, rule) },
  );
  const missing = missingWords(intl, member);
  const sentence =
    member.status === 'receives'
      ? intl.formatMessage({ id: 'mail.legacyRelations.receives', defaultMessage: '{who} now receives {what}.' }, { who, what })
      : intl.formatMessage({ id: 'mail.legacyRelations.cannotYet', defaultMessage: '{who} cannot receive {what} yet.' }, { who, what });
  return `- ${[sentence, missing].filter(Boolean).join(' ')}`;
}

export function relationsMail(
  intl: IntlShape,
  owner: { firstName: string; email: string },
  newcomers: Newcomer[],
  planUrl: string,
): MailMessage {
  const names = [...new Set(newcomers.map((n) => n.member.name))];
  return {
    to: owner.email,
    language: intl.locale,
    subject: intl.formatMessage(
      { id: 'mail.legacyRelations.subject', defaultMessage: 'Your Legacy Plan follows your family: {names}' },
      { names: names.join(', ') },
    ),
    text: [
      intl.formatMessage({ id: 'mail.common.hello', defaultMessage: 'Hello {name},' }, { name: owner.firstName }),
      '',
      intl.formatMessage({
        id: 'mail.legacyRelations.grown',
        defaultMessage: 'Your family tree has grown, and the parts of your Legacy Plan you gave by relation follow it:',
      }),
      '',
      ...newcomers.map((n) => newcomerLine(intl, n)),
      '',
      intl.formatMessage({ id: 'mail.legacyRelations.plan', defaultMessage: 'Your Legacy Plan: {url}' }, { url: planUrl }),
      '',
    ].join('\n'),
  };
}
