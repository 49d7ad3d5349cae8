// The Legacy Kit's words (legacy-kit.ts), printed in the heir's language.
import { defineMessages } from '@web/lib/i18n/define-messages';

export const KIT = defineMessages({
  title: { id: 'legacy.kit.title', defaultMessage: 'Legacy Kit for {name}' },
  fileName: { id: 'legacy.kit.fileName', defaultMessage: 'Legacy Kit - {name}.pdf' },
  heading: { id: 'legacy.kit.heading', defaultMessage: 'heirloom Legacy Kit' },
  forName: { id: 'legacy.kit.forName', defaultMessage: 'For {name}' },
  fromArchive: { id: 'legacy.kit.fromArchive', defaultMessage: 'From the archive of {name}' },
  address: { id: 'legacy.kit.address', defaultMessage: 'Address' },
  keyCode: { id: 'legacy.kit.keyCode', defaultMessage: 'Key code' },
  whatTitle: { id: 'legacy.kit.whatTitle', defaultMessage: 'What this is' },
  what: {
    id: 'legacy.kit.what',
    defaultMessage:
      '{owner} keeps their photos, memories, documents and letters in heirloom, a private family archive at {origin}. {owner} chose to pass some of it on to you, {heir}, and this page is your key.',
  },
  whenTitle: { id: 'legacy.kit.whenTitle', defaultMessage: 'When it opens' },
  whenReleased: {
    id: 'legacy.kit.whenReleased',
    defaultMessage:
      "Something is already released to you: you can open it now. More may follow later, for example after {owner}'s death, once people they trust have confirmed it, or on a date or birthday they chose; you will receive an e-mail when that happens.",
  },
  whenNothing: {
    id: 'legacy.kit.whenNothing',
    defaultMessage:
      "Nothing is released to you yet. It opens only after something is released to you: for example after {owner}'s death, once people they trust have confirmed it, or on a date or birthday they chose. You will receive an e-mail when that happens.",
  },
  howTitle: { id: 'legacy.kit.howTitle', defaultMessage: 'How to open it' },
  how: {
    id: 'legacy.kit.how',
    defaultMessage:
      'Visit {address} in a web browser, or scan the square code with a phone camera, and enter the key code below. You do not need an account.',
  },
  safeTitle: { id: 'legacy.kit.safeTitle', defaultMessage: 'Keep it safe' },
  safe: {
    id: 'legacy.kit.safe',
    defaultMessage:
      'Keep this page somewhere safe, like other important papers. Anyone who has the key code can open what is released to it, and letters sealed for you can only be opened with it: if it is lost, they cannot be opened.',
  },
});

export const FIRST_DAY = defineMessages({
  title: { id: 'legacy.firstDay.title', defaultMessage: 'The first 24 hours' },
  intro: {
    id: 'legacy.firstDay.intro',
    defaultMessage:
      'Read this when {owner} has died. Nothing needs doing in a hurry: what {owner} left you is kept safe, in more than one place.',
  },
  theyNamed: { id: 'legacy.firstDay.theyNamed', defaultMessage: 'the people they named' },
  whileTitle: { id: 'legacy.firstDay.whileTitle', defaultMessage: 'While heirloom still works' },
  while: {
    id: 'legacy.firstDay.while',
    defaultMessage:
      'If {address} still opens, use it: enter your key code there. {verifiers} confirm what happened on their own pages; then what was left to you opens, and you get an e-mail.',
  },
  whereTitle: { id: 'legacy.firstDay.whereTitle', defaultMessage: 'Where the sealed copies are' },
  whereIntro: {
    id: 'legacy.firstDay.whereIntro',
    defaultMessage:
      '{owner} also keeps a sealed copy of what is yours outside heirloom, so that it survives if heirloom stops. It is a file whose name ends in .heirloom-escrow.',
  },
  inBucket: {
    id: 'legacy.firstDay.inBucket',
    defaultMessage:
      'In a storage bucket: address {endpoint}, bucket "{bucket}"{withFolder, select, yes {, folder "{folder}"} other {}}{withFile, select, yes {, file "{file}"} other {}}; whoever runs that storage can give you the file. There may also be one on a USB stick kept with the will.',
  },
  onUsb: { id: 'legacy.firstDay.onUsb', defaultMessage: 'On a USB stick, if one was kept with the will: ask whoever holds the will.' },
  nobodyAlone: {
    id: 'legacy.firstDay.nobodyAlone',
    defaultMessage: 'Nobody can open it alone: not whoever keeps it, and not you without the verifiers.',
  },
  whoTitle: { id: 'legacy.firstDay.whoTitle', defaultMessage: 'Who the verifiers are' },
  who: {
    id: 'legacy.firstDay.who',
    defaultMessage:
      '{verifiers}. {count, plural, one {One of them is needed.} other {Any # of them are needed.}} Each has a sheet with their verifier code, and gives it to you only once they are sure.',
  },
  openingTitle: { id: 'legacy.firstDay.openingTitle', defaultMessage: 'Opening a copy when heirloom is gone' },
  step1: { id: 'legacy.firstDay.step1', defaultMessage: '1. Get the opener: the file open-heirloom-bundle.html, kept beside the copies.' },
  step2: { id: 'legacy.firstDay.step2', defaultMessage: '2. Get your sealed copy (the .heirloom-escrow file).' },
  step3: {
    id: 'legacy.firstDay.step3',
    defaultMessage:
      '3. Have your key code, on the first page, and {count, plural, one {# verifier code} other {# verifier codes}} from the verifiers.',
  },
  step4: {
    id: 'legacy.firstDay.step4',
    defaultMessage:
      '4. Open the opener in a browser, on a computer or a phone: no internet is needed. Choose the copy and type the codes. The photos, memories and letters appear, and "Save all files" keeps them.',
  },
  typo: {
    id: 'legacy.firstDay.typo',
    defaultMessage: 'If a code has a typo or a copy is damaged, the page says which: then try the other copy.',
  },
});
