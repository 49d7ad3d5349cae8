// What the opener says when a copy does not open: which code or which part of the copy is wrong, in the words
// of the heir's page (a "copy", a "plan"), never an exception's text or a stack.
import type { BundleHeader } from '@shared/escrow/bundle-format';
import { EscrowError } from '@shared/escrow/escrow-error';
import { defineMessages, intl } from '../export-viewer/i18n';
import { shownCount } from './shown-count';

const messages = defineMessages({
  browser: {
    id: 'escrowOpener.error.browser',
    defaultMessage:
      'This browser could not open the copy. Try again in another current browser (Chrome, Firefox, Safari or Edge); the copy itself is not changed by trying.',
  },
  keyCodeMissing: {
    id: 'escrowOpener.error.keyCodeMissing',
    defaultMessage: 'Type your key code first: it is on the sheet heirloom gave you (27 characters in groups of four).',
  },
  keyCodeTypo: {
    id: 'escrowOpener.error.keyCodeTypo',
    defaultMessage: 'Your key code has a typo, or a character too many or too few. Check each group against your sheet.',
  },
  keyCodeWrong: {
    id: 'escrowOpener.error.keyCodeWrong',
    defaultMessage:
      "This key code is not the one this copy was sealed for. Perhaps it is another heir's code, or an older one that was replaced.",
  },
  codesNotEnough: {
    id: 'escrowOpener.error.codesNotEnough',
    defaultMessage:
      '{needed, plural, one {{neededShown} verifier code is} other {{neededShown} verifier codes are}} needed; {given, plural, one {{givenShown} was} other {{givenShown} were}} given.',
  },
  codeOtherKey: {
    id: 'escrowOpener.error.codeOtherKey',
    defaultMessage:
      '{which, select, verifier {Verifier code {number}} other {This code}} belongs to another plan, or to a set of verifiers that was replaced since: it does not open this copy.',
  },
  codeTypoInGroup: {
    id: 'escrowOpener.error.codeTypoInGroup',
    defaultMessage:
      "{which, select, verifier {Verifier code {number}} other {This code}} has a typo in group {group}. Check that group against the verifier's sheet.",
  },
  codeTypo: {
    id: 'escrowOpener.error.codeTypo',
    defaultMessage:
      "{which, select, verifier {Verifier code {number}} other {This code}} has a typo. Check it against the verifier's sheet.",
  },
  codeMalformed: {
    id: 'escrowOpener.error.codeMalformed',
    defaultMessage:
      '{which, select, verifier {Verifier code {number}} other {This code}} is not a whole verifier code: it has 45 characters in nine groups of five.',
  },
  codeDuplicate: {
    id: 'escrowOpener.error.codeDuplicate',
    defaultMessage:
      "{which, select, verifier {Verifier code {number}} other {This code}} was given twice: each verifier's code counts once. Ask another verifier for theirs.",
  },
  codesDoNotMatch: {
    id: 'escrowOpener.error.codesDoNotMatch',
    defaultMessage:
      'These verifier codes do not open this copy together. One of them may have been written down wrongly; try another verifier’s code.',
  },
  notABundle: {
    id: 'escrowOpener.error.notABundle',
    defaultMessage:
      'This file is not a sealed copy from heirloom (its name usually ends in .heirloom-escrow), or it was made by a newer heirloom than this page.',
  },
  headerChanged: {
    id: 'escrowOpener.error.headerChanged',
    defaultMessage:
      'The copy was changed or damaged: its first part, which says how it is sealed. Try another copy of it (the one on the USB stick, or in the bucket).',
  },
  bundleTruncated: {
    id: 'escrowOpener.error.bundleTruncated',
    defaultMessage:
      'The copy was changed or damaged: its end is missing or has bytes added. Try another copy of it (the one on the USB stick, or in the bucket).',
  },
  manifestChanged: {
    id: 'escrowOpener.error.manifestChanged',
    defaultMessage:
      'The copy was changed or damaged: its list of files. Try another copy of it (the one on the USB stick, or in the bucket).',
  },
  fileChanged: {
    id: 'escrowOpener.error.fileChanged',
    defaultMessage:
      'The copy was changed or damaged: file “{file}”, part {part}. Try another copy of it (the one on the USB stick, or in the bucket).',
  },
});

export function openerMessage(err: unknown, header?: BundleHeader): string {
  if (!(err instanceof EscrowError)) return intl.formatMessage(messages.browser);
  const { details } = err;
  // a code's name starts several sentences: "Verifier code 2", or "This code" when the copy cannot tell which
  const code =
    details.codeIndex === undefined ? { which: 'this', number: '' } : { which: 'verifier', number: String(details.codeIndex + 1) };
  switch (err.reason) {
    case 'key-code-missing':
      return intl.formatMessage(messages.keyCodeMissing);
    case 'key-code-typo':
      return intl.formatMessage(messages.keyCodeTypo);
    case 'key-code-wrong':
      return intl.formatMessage(messages.keyCodeWrong);
    case 'codes-not-enough': {
      const needed = header?.release.threshold;
      if (needed === undefined) return err.message;
      const given = needed - (details.needed ?? 0);
      return intl.formatMessage(messages.codesNotEnough, { needed, neededShown: shownCount(needed), given, givenShown: shownCount(given) });
    }
    case 'code-other-key':
      return intl.formatMessage(messages.codeOtherKey, code);
    case 'code-typo':
      return details.group
        ? intl.formatMessage(messages.codeTypoInGroup, { ...code, group: String(details.group) })
        : intl.formatMessage(messages.codeTypo, code);
    case 'code-malformed':
      return intl.formatMessage(messages.codeMalformed, code);
    case 'code-duplicate':
      return intl.formatMessage(messages.codeDuplicate, code);
    case 'codes-do-not-match':
      return intl.formatMessage(messages.codesDoNotMatch);
    case 'not-a-bundle':
      return intl.formatMessage(messages.notABundle);
    case 'header-changed':
      return intl.formatMessage(messages.headerChanged);
    case 'bundle-truncated':
      return intl.formatMessage(messages.bundleTruncated);
    case 'manifest-changed':
      return intl.formatMessage(messages.manifestChanged);
    case 'file-changed':
    case 'file-truncated':
      return intl.formatMessage(messages.fileChanged, { file: details.file ?? '?', part: shownCount((details.chunk ?? 0) + 1) });
  }
}
