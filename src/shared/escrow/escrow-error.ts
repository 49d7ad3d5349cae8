// The one error every part of an escrow bundle's opening throws (docs/escrow-format.md). `reason` is for code,
// `message` is plain English for the person opening the bundle; the other fields say where the trouble is.

export type EscrowErrorReason =
  /** A verifier code is mistyped (a group's check character does not match, or a character is not in the alphabet). */
  | 'code-typo'
  /** A verifier code is whole but not a verifier code (too short or too long, or made by a newer format). */
  | 'code-malformed'
  /** A verifier code belongs to another release key (an older one, or another bundle's). */
  | 'code-other-key'
  /** The same verifier's code was given twice. */
  | 'code-duplicate'
  /** Fewer verifier codes than the threshold. */
  | 'codes-not-enough'
  /** The codes are well formed and of this key, yet do not make its private key (a damaged code sheet). */
  | 'codes-do-not-match'
  /** No key code was given for the heir. */
  | 'key-code-missing'
  /** The heir's key code is mistyped (its check character does not match). */
  | 'key-code-typo'
  /** The heir's key code is well formed but not the one this bundle was sealed for. */
  | 'key-code-wrong'
  /** The file is not an escrow bundle, or of a version this code does not read. */
  | 'not-a-bundle'
  /** The bundle's plain header was changed. */
  | 'header-changed'
  /** The bundle ends early, or has bytes added at its end. */
  | 'bundle-truncated'
  /** The encrypted list of files was changed. */
  | 'manifest-changed'
  /** A file's chunk was changed, swapped or reordered. */
  | 'file-changed'
  /** A file ends early: its last chunk is missing. */
  | 'file-truncated';

export interface EscrowErrorDetails {
  /** Which of the given verifier codes (0-based), for the code reasons. */
  codeIndex?: number;
  /** How many more verifier codes are needed, for `codes-not-enough`. */
  needed?: number;
  /** The group (1-based, five characters) of a verifier code that has a typo. */
  group?: number;
  /** The file's name inside the bundle, for the file reasons. */
  file?: string;
  /** The chunk (0-based) of that file. */
  chunk?: number;
}

export class EscrowError extends Error {
  override readonly name = 'EscrowError';
  constructor(
    readonly reason: EscrowErrorReason,
    message: string,
    readonly details: EscrowErrorDetails = {},
  ) {
    super(message);
  }
}
