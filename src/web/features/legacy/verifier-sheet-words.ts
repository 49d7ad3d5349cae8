// What a verifier sheet says (decision 075), apart from the PDF so the After Life card can say it without loading pdf-lib.

export interface SheetVerifier {
  name: string;
  /** 1…n: the number in the code. */
  number: number;
  /** The formatted code, "7KQ4M-2ZPXA-…". */
  code: string;
}

export interface VerifierSheetsInput {
  ownerName: string;
  threshold: number;
  shareCount: number;
  /** The heirs named in the plan: the only people a verifier gives the code to. */
  heirNames: string[];
  /** Where the sealed copies are kept outside heirloom, in words, when a bucket is set. */
  bucketPlace: string | null;
  verifiers: SheetVerifier[];
}

/** "2 of the 3 verifiers’ codes", said for every k and n. */
export function codesNeeded(threshold: number, shareCount: number): string {
  if (shareCount === 1) return 'the verifier’s code';
  if (threshold === shareCount) return shareCount === 2 ? 'both verifiers’ codes' : `all ${shareCount} verifiers’ codes`;
  return `${threshold} of the ${shareCount} verifiers’ codes`;
}

function listed(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}`;
}

/** Headings and paragraphs, written for someone who has never heard of heirloom. */
export function sheetInstructions(input: VerifierSheetsInput, verifier: SheetVerifier): string[] {
  const owner = input.ownerName;
  const heirs = input.heirNames.length > 0 ? ` (${listed(input.heirNames)})` : '';
  const place = input.bucketPlace
    ? `in ${input.bucketPlace}, and on a USB stick or disk that ${owner} keeps with their will`
    : `on a USB stick or disk that ${owner} keeps with their will`;
  return [
    'What this is',
    `${owner} keeps their photos, memories, documents and letters in heirloom, a private family archive, and has made a plan for what their heirs receive after their death. ${owner} chose you, ${verifier.name}, as one of the people who confirm it. This page holds your verifier code.`,
    'While heirloom still runs',
    `You do not need this code: heirloom e-mails you a link when it needs you to confirm.`,
    'If heirloom is gone',
    `Sealed copies of what ${owner} left are kept outside heirloom: ${place}. Each copy opens only with the heir’s own key code and ${codesNeeded(input.threshold, input.shareCount)}. If heirloom is gone, the heir needs your code. Give it only when you are sure ${owner} has died, and only to ${input.heirNames.length > 1 ? 'an heir' : 'the heir'} named in the plan${heirs} — never to anyone else, however urgent they say it is.`,
    'How the heir opens a copy',
    'The opener, a file ending in .html, is kept with the copies. The heir opens it in a web browser (no internet is needed) and types their key code and the verifiers’ codes, or scans the square codes with a phone camera. A typing mistake shows at once: the last character of each group is a check character.',
    'Keep it safe',
    `Keep this page with your important papers. Your code alone opens nothing. heirloom does not keep it: if it is lost, tell ${owner}, who can make new codes.`,
  ];
}
