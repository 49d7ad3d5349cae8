// What a verifier sheet says (decision 075), apart from the PDF so the After Life card can say it without loading pdf-lib.
import type { IntlShape } from 'react-intl';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { activeIntl } from '@web/lib/i18n/language-store';
import { listOf } from './reader-intl';

export interface SheetVerifier {
  name: string;
  /** 1…n: the number in the code. */
  number: number;
  /** The formatted code, "7KQ4M-2ZPXA-…". */
  code: string;
  /** The verifier's language (their contact's); null or absent: the owner's own. */
  language?: string | null;
}

/** The bucket the sealed copies are kept in; its access keys are never printed. */
export interface SheetBucket {
  bucket: string;
  endpoint: string;
  /** The folder in the bucket, '' for none. */
  prefix: string;
}

export interface VerifierSheetsInput {
  ownerName: string;
  threshold: number;
  shareCount: number;
  /** The heirs named in the plan: the only people a verifier gives the code to. */
  heirNames: string[];
  /** Where the sealed copies are kept outside heirloom, when a bucket is set. */
  bucketPlace: SheetBucket | null;
  verifiers: SheetVerifier[];
}

const WORDS = defineMessages({
  oneCode: { id: 'legacy.sheet.oneCode', defaultMessage: 'the verifier’s code' },
  allCodes: { id: 'legacy.sheet.allCodes', defaultMessage: '{count, plural, =2 {both verifiers’ codes} other {all # verifiers’ codes}}' },
  someCodes: { id: 'legacy.sheet.someCodes', defaultMessage: '{threshold} of the {count} verifiers’ codes' },
  bucket: { id: 'legacy.sheet.bucket', defaultMessage: 'the storage bucket “{bucket}” at {endpoint}' },
  bucketFolder: { id: 'legacy.sheet.bucketFolder', defaultMessage: 'the storage bucket “{bucket}” at {endpoint}, folder “{folder}”' },
  whatTitle: { id: 'legacy.sheet.whatTitle', defaultMessage: 'What this is' },
  what: {
    id: 'legacy.sheet.what',
    defaultMessage:
      '{owner} keeps their photos, memories, documents and letters in heirloom, a private family archive, and has made a plan for what their heirs receive after their death. {owner} chose you, {verifier}, as one of the people who confirm it. This page holds your verifier code.',
  },
  whileTitle: { id: 'legacy.sheet.whileTitle', defaultMessage: 'While heirloom still runs' },
  while: {
    id: 'legacy.sheet.while',
    defaultMessage: 'You do not need this code: heirloom e-mails you a link when it needs you to confirm.',
  },
  goneTitle: { id: 'legacy.sheet.goneTitle', defaultMessage: 'If heirloom is gone' },
  placeBucket: {
    id: 'legacy.sheet.placeBucket',
    defaultMessage:
      'Sealed copies of what {owner} left are kept outside heirloom: in {place}, and on a USB stick or disk that {owner} keeps with their will.',
  },
  placeUsb: {
    id: 'legacy.sheet.placeUsb',
    defaultMessage:
      'Sealed copies of what {owner} left are kept outside heirloom: on a USB stick or disk that {owner} keeps with their will.',
  },
  opensWith: {
    id: 'legacy.sheet.opensWith',
    defaultMessage: 'Each copy opens only with the heir’s own key code and {codes}. If heirloom is gone, the heir needs your code.',
  },
  giveToOneOf: {
    id: 'legacy.sheet.giveToOneOf',
    defaultMessage:
      'Give it only when you are sure {owner} has died, and only to an heir named in the plan ({heirs}) — never to anyone else, however urgent they say it is.',
  },
  giveToNamed: {
    id: 'legacy.sheet.giveToNamed',
    defaultMessage:
      'Give it only when you are sure {owner} has died, and only to the heir named in the plan ({heirs}) — never to anyone else, however urgent they say it is.',
  },
  giveToHeir: {
    id: 'legacy.sheet.giveToHeir',
    defaultMessage:
      'Give it only when you are sure {owner} has died, and only to the heir named in the plan — never to anyone else, however urgent they say it is.',
  },
  howTitle: { id: 'legacy.sheet.howTitle', defaultMessage: 'How the heir opens a copy' },
  how: {
    id: 'legacy.sheet.how',
    defaultMessage:
      'The opener, a file ending in .html, is kept with the copies. The heir opens it in a web browser (no internet is needed) and types their key code and the verifiers’ codes, or scans the square codes with a phone camera. A typing mistake shows at once: the last character of each group is a check character.',
  },
  safeTitle: { id: 'legacy.sheet.safeTitle', defaultMessage: 'Keep it safe' },
  safe: {
    id: 'legacy.sheet.safe',
    defaultMessage:
      'Keep this page with your important papers. Your code alone opens nothing. heirloom does not keep it: if it is lost, tell {owner}, who can make new codes.',
  },
});

/** "2 of the 3 verifiers’ codes", said for every k and n. */
export function codesNeeded(threshold: number, shareCount: number, intl: IntlShape = activeIntl()): string {
  if (shareCount === 1) return intl.formatMessage(WORDS.oneCode);
  if (threshold === shareCount) return intl.formatMessage(WORDS.allCodes, { count: shareCount });
  return intl.formatMessage(WORDS.someCodes, { threshold, count: shareCount });
}

/** Where the copies are, in the reader's words: "the storage bucket “family” at https://…, folder “heirloom”". */
export function bucketPlaceText(place: SheetBucket, intl: IntlShape = activeIntl()): string {
  const values = { bucket: place.bucket, endpoint: place.endpoint, folder: place.prefix.replace(/\/$/, '') };
  return intl.formatMessage(place.prefix ? WORDS.bucketFolder : WORDS.bucket, values);
}

/** Headings and paragraphs, written for someone who has never heard of heirloom. */
export function sheetInstructions(input: VerifierSheetsInput, verifier: SheetVerifier, intl: IntlShape = activeIntl()): string[] {
  const owner = input.ownerName;
  const heirs = listOf(intl, input.heirNames, 'disjunction');
  const give = input.heirNames.length > 1 ? WORDS.giveToOneOf : input.heirNames.length === 1 ? WORDS.giveToNamed : WORDS.giveToHeir;
  const place = input.bucketPlace
    ? intl.formatMessage(WORDS.placeBucket, { owner, place: bucketPlaceText(input.bucketPlace, intl) })
    : intl.formatMessage(WORDS.placeUsb, { owner });
  return [
    intl.formatMessage(WORDS.whatTitle),
    intl.formatMessage(WORDS.what, { owner, verifier: verifier.name }),
    intl.formatMessage(WORDS.whileTitle),
    intl.formatMessage(WORDS.while),
    intl.formatMessage(WORDS.goneTitle),
    [
      place,
      intl.formatMessage(WORDS.opensWith, { codes: codesNeeded(input.threshold, input.shareCount, intl) }),
      intl.formatMessage(give, { owner, heirs }),
    ].join(' '),
    intl.formatMessage(WORDS.howTitle),
    intl.formatMessage(WORDS.how),
    intl.formatMessage(WORDS.safeTitle),
    intl.formatMessage(WORDS.safe, { owner }),
  ];
}
