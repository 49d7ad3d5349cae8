// The relation words' messages (relation-label.ts says them). Every word takes `form`: "your" for one word
// ("your mother"), "ofYour" and "ofThe" for the owner in a chain ("… of your mother", "… of the mother"), and
// anything else for the word alone; English never needs them, its labels come from the server as they are.
import { defineMessages } from '@web/lib/i18n/define-messages';

const words = defineMessages({
  parent: {
    id: 'tree.relation.parent',
    defaultMessage: '{form, select, other {{sex, select, female {mother} male {father} other {parent}}}}',
  },
  stepParent: {
    id: 'tree.relation.stepParent',
    defaultMessage: '{form, select, other {{sex, select, female {stepmother} male {stepfather} other {stepparent}}}}',
  },
  fosterParent: {
    id: 'tree.relation.fosterParent',
    defaultMessage: '{form, select, other {{sex, select, female {foster mother} male {foster father} other {foster parent}}}}',
  },
  child: { id: 'tree.relation.child', defaultMessage: '{form, select, other {{sex, select, female {daughter} male {son} other {child}}}}' },
  stepChild: {
    id: 'tree.relation.stepChild',
    defaultMessage: '{form, select, other {{sex, select, female {stepdaughter} male {stepson} other {stepchild}}}}',
  },
  fosterChild: {
    id: 'tree.relation.fosterChild',
    defaultMessage: '{form, select, other {{sex, select, female {foster daughter} male {foster son} other {foster child}}}}',
  },
  sibling: {
    id: 'tree.relation.sibling',
    defaultMessage: '{form, select, other {{sex, select, female {sister} male {brother} other {sibling}}}}',
  },
  halfSibling: {
    id: 'tree.relation.halfSibling',
    defaultMessage: '{form, select, other {{sex, select, female {half-sister} male {half-brother} other {half-sibling}}}}',
  },
  stepSibling: {
    id: 'tree.relation.stepSibling',
    defaultMessage: '{form, select, other {{sex, select, female {stepsister} male {stepbrother} other {stepsibling}}}}',
  },
  fosterSibling: {
    id: 'tree.relation.fosterSibling',
    defaultMessage: '{form, select, other {{sex, select, female {foster sister} male {foster brother} other {foster sibling}}}}',
  },
  grandparent: {
    id: 'tree.relation.grandparent',
    defaultMessage:
      '{form, select, other {{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {grandmother} male {grandfather} other {grandparent}}}}',
  },
  stepGrandparent: {
    id: 'tree.relation.stepGrandparent',
    defaultMessage:
      '{form, select, other {step-{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {grandmother} male {grandfather} other {grandparent}}}}',
  },
  grandchild: {
    id: 'tree.relation.grandchild',
    defaultMessage:
      '{form, select, other {{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {granddaughter} male {grandson} other {grandchild}}}}',
  },
  stepGrandchild: {
    id: 'tree.relation.stepGrandchild',
    defaultMessage:
      '{form, select, other {step-{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {granddaughter} male {grandson} other {grandchild}}}}',
  },
  auntUncle: {
    id: 'tree.relation.auntUncle',
    defaultMessage:
      '{form, select, other {{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {aunt} male {uncle} other {parent’s sibling}}}}',
  },
  halfAuntUncle: {
    id: 'tree.relation.halfAuntUncle',
    defaultMessage:
      '{form, select, other {half-{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {aunt} male {uncle} other {parent’s half-sibling}}}}',
  },
  nieceNephew: {
    id: 'tree.relation.nieceNephew',
    defaultMessage:
      '{form, select, other {{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {niece} male {nephew} other {sibling’s child}}}}',
  },
  halfNieceNephew: {
    id: 'tree.relation.halfNieceNephew',
    defaultMessage:
      '{form, select, other {half-{greats, plural, =0 {} one {great-} other {# times great-}}{sex, select, female {niece} male {nephew} other {half-sibling’s child}}}}',
  },
  cousin: {
    id: 'tree.relation.cousin',
    defaultMessage:
      '{form, select, other {{degree, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {sex, select, other {cousin}}{removed, plural, =0 {} one { once removed} other { # times removed}}}}',
  },
  doubleCousin: {
    id: 'tree.relation.doubleCousin',
    defaultMessage:
      '{form, select, other {double {degree, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} {sex, select, other {cousin}}{removed, plural, =0 {} one { once removed} other { # times removed}}}}',
  },
  spouse: {
    id: 'tree.relation.spouse',
    defaultMessage: '{form, select, other {{sex, select, female {wife} male {husband} other {spouse}}}}',
  },
  lateSpouse: {
    id: 'tree.relation.lateSpouse',
    defaultMessage: '{form, select, other {late {sex, select, female {wife} male {husband} other {spouse}}}}',
  },
  formerSpouse: {
    id: 'tree.relation.formerSpouse',
    defaultMessage: '{form, select, other {former {sex, select, female {wife} male {husband} other {spouse}}}}',
  },
  partner: { id: 'tree.relation.partner', defaultMessage: '{form, select, other {{sex, select, other {partner}}}}' },
  latePartner: { id: 'tree.relation.latePartner', defaultMessage: '{form, select, other {late {sex, select, other {partner}}}}' },
  formerPartner: { id: 'tree.relation.formerPartner', defaultMessage: '{form, select, other {former {sex, select, other {partner}}}}' },
  parentInLaw: {
    id: 'tree.relation.parentInLaw',
    defaultMessage: '{form, select, other {{sex, select, female {mother-in-law} male {father-in-law} other {parent-in-law}}}}',
  },
  formerParentInLaw: {
    id: 'tree.relation.formerParentInLaw',
    defaultMessage: '{form, select, other {former {sex, select, female {mother-in-law} male {father-in-law} other {parent-in-law}}}}',
  },
  childInLaw: {
    id: 'tree.relation.childInLaw',
    defaultMessage: '{form, select, other {{sex, select, female {daughter-in-law} male {son-in-law} other {child-in-law}}}}',
  },
  formerChildInLaw: {
    id: 'tree.relation.formerChildInLaw',
    defaultMessage: '{form, select, other {former {sex, select, female {daughter-in-law} male {son-in-law} other {child-in-law}}}}',
  },
  siblingInLaw: {
    id: 'tree.relation.siblingInLaw',
    defaultMessage: '{form, select, other {{sex, select, female {sister-in-law} male {brother-in-law} other {sibling-in-law}}}}',
  },
  formerSiblingInLaw: {
    id: 'tree.relation.formerSiblingInLaw',
    defaultMessage: '{form, select, other {former {sex, select, female {sister-in-law} male {brother-in-law} other {sibling-in-law}}}}',
  },
});

export type RelationWordKey = keyof typeof words;

export const relationMessages = {
  ...words,
  ...defineMessages({
    you: { id: 'tree.relation.you', defaultMessage: 'you' },
    both: { id: 'tree.relation.both', defaultMessage: '{first} and {second}' },
    chain: { id: 'tree.relation.chain', defaultMessage: '{owner}’s {relative}' },
  }),
};
