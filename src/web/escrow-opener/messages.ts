// What the opener says when a copy does not open: which code or which part of the copy is wrong, in the words
// of the heir's page (a "copy", a "plan"), never an exception's text or a stack.
import type { BundleHeader } from '@shared/escrow/bundle-format';
import { EscrowError } from '@shared/escrow/escrow-error';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const damaged = (what: string) =>
  `The copy was changed or damaged: ${what}. Try another copy of it (the one on the USB stick, or in the bucket).`;

export function openerMessage(err: unknown, header?: BundleHeader): string {
  if (!(err instanceof EscrowError)) {
    return 'This browser could not open the copy. Try again in another current browser (Chrome, Firefox, Safari or Edge); the copy itself is not changed by trying.';
  }
  const { details } = err;
  const code = details.codeIndex === undefined ? 'This code' : `Verifier code ${details.codeIndex + 1}`;
  switch (err.reason) {
    case 'key-code-missing':
      return 'Type your key code first: it is on the sheet heirloom gave you (27 characters in groups of four).';
    case 'key-code-typo':
      return 'Your key code has a typo, or a character too many or too few. Check each group against your sheet.';
    case 'key-code-wrong':
      return "This key code is not the one this copy was sealed for. Perhaps it is another heir's code, or an older one that was replaced.";
    case 'codes-not-enough': {
      const needed = header?.release.threshold;
      if (needed === undefined) return err.message;
      const given = needed - (details.needed ?? 0);
      return `${plural(needed, 'verifier code is', 'verifier codes are')} needed; ${given} ${given === 1 ? 'was' : 'were'} given.`;
    }
    case 'code-other-key':
      return `${code} belongs to another plan, or to a set of verifiers that was replaced since: it does not open this copy.`;
    case 'code-typo':
      return details.group
        ? `${code} has a typo in group ${details.group}. Check that group against the verifier's sheet.`
        : `${code} has a typo. Check it against the verifier's sheet.`;
    case 'code-malformed':
      return `${code} is not a whole verifier code: it has 45 characters in nine groups of five.`;
    case 'code-duplicate':
      return `${code} was given twice: each verifier's code counts once. Ask another verifier for theirs.`;
    case 'codes-do-not-match':
      return 'These verifier codes do not open this copy together. One of them may have been written down wrongly; try another verifier’s code.';
    case 'not-a-bundle':
      return 'This file is not a sealed copy from heirloom (its name usually ends in .heirloom-escrow), or it was made by a newer heirloom than this page.';
    case 'header-changed':
      return damaged('its first part, which says how it is sealed');
    case 'bundle-truncated':
      return damaged('its end is missing or has bytes added');
    case 'manifest-changed':
      return damaged('its list of files');
    case 'file-changed':
    case 'file-truncated':
      return damaged(`file “${details.file ?? '?'}”, part ${(details.chunk ?? 0) + 1}`);
  }
}
