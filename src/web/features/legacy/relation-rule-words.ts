// A rule by relation and the people it names, said in the page's language from the rule's own data (the API's
// `label` and `message` are its English words for programs that read it).
import type { IntlShape } from 'react-intl';
import type { FamilyRelation, RelationRuleMember } from '@shared/schemas/legacy';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';

const LABELS = defineMessages({
  children: { id: 'legacy.rules.children', defaultMessage: 'each of your children' },
  grandchildren: { id: 'legacy.rules.grandchildren', defaultMessage: 'each of your grandchildren' },
  descendants: { id: 'legacy.rules.descendants', defaultMessage: 'all your descendants' },
  partner: { id: 'legacy.rules.partner', defaultMessage: 'your partner' },
});

const MEMBER = defineMessages({
  noContact: {
    id: 'legacy.rules.noContact',
    defaultMessage: '{name} is not linked to a contact yet: link them to a contact with an e-mail address and they will receive this.',
  },
  noEmail: {
    id: 'legacy.rules.noEmail',
    defaultMessage: '{name} has no e-mail address yet: add one to their contact and they will receive this.',
  },
  noDateOfBirth: {
    id: 'legacy.rules.noDateOfBirth',
    defaultMessage: '{name} has no date of birth, so a release at an age cannot be dated for them: add it to the heir.',
  },
  noKeyCode: {
    id: 'legacy.rules.noKeyCode',
    defaultMessage: 'Make {name}’s key code and give them the Legacy Kit: without it, nothing released to them can be opened.',
  },
});

/** "each of your grandchildren". */
export const ruleLabel = (relation: FamilyRelation, intl: IntlShape = activeIntl()) => intl.formatMessage(LABELS[relation]);

/** Why someone the rule names cannot receive yet, or cannot open what they receive; null when all is well. */
export function memberMessage(member: RelationRuleMember, intl: IntlShape = activeIntl()): string | null {
  const values = { name: member.name };
  switch (member.status) {
    case 'no-contact':
      return intl.formatMessage(MEMBER.noContact, values);
    case 'no-email':
      return intl.formatMessage(MEMBER.noEmail, values);
    case 'no-date-of-birth':
      return intl.formatMessage(MEMBER.noDateOfBirth, values);
    default:
      return member.hasKeyCode ? null : intl.formatMessage(MEMBER.noKeyCode, values);
  }
}
