import { pgEnum } from 'drizzle-orm/pg-core';

export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const relationshipEnum = pgEnum('relationship', ['friend', 'family']);
/** Whether a photo's thumbnail / mobile / display derivatives exist yet. */
export const derivativeStatusEnum = pgEnum('derivative_status', ['pending', 'ready', 'failed']);
/**
 * How a video plays in the browser (decision 038): its playable copy is being made, the original plays as it
 * is, the H.264/AAC copy plays, or nothing plays (no ffmpeg, or the copy failed): it is offered for download.
 */
export const videoPlaybackEnum = pgEnum('video_playback', ['preparing', 'original', 'copy', 'unavailable']);
/** A memory attachment's M4A copy (decision 040): made, or given up on after every retry. */
export const audioCopyEnum = pgEnum('audio_copy', ['ready', 'unavailable']);
/** What a one-time account token proves when it comes back from an e-mail. */
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', [
  'password_reset',
  'email_verification',
  /** The one-click "I'm still here" link of a Legacy Plan check-in mail. */
  'legacy_check_in',
  /** The one-click "Cancel the release" link mailed to the owner when verifiers have confirmed. */
  'legacy_veto',
]);
/**
 * How a grant is reached: a personal link for one contact, a public link for anyone who has it, an heir's
 * key code (Legacy Plan, decision 027), or a caregiver's link while care access is open (decision 077).
 */
export const linkKindEnum = pgEnum('link_kind', ['personal', 'public', 'heir', 'care']);
/** What a grant's recipient may do; only `viewer` is offered today (decision 025). */
export const grantRoleEnum = pgEnum('grant_role', ['viewer', 'contributor']);
/** When a grant opens: sharing is `now`; the Legacy Plan's conditions are the others (decision 026). */
export const releaseConditionEnum = pgEnum('release_condition', ['now', 'after_death', 'on_date', 'at_age', 'never']);
/** Where an owner's Legacy Plan trigger stands (the state machine of decision 026). */
export const legacyStateEnum = pgEnum('legacy_state', ['active', 'awaiting_check_in', 'verifying', 'veto', 'released']);
/** Where an export's background job stands (decision 028). */
export const exportStatusEnum = pgEnum('export_status', ['queued', 'running', 'ready', 'failed']);
/** Where an import's background job stands (decision 029). */
export const importStatusEnum = pgEnum('import_status', ['queued', 'running', 'done', 'failed']);
/** Where finding the faces in a photo stands (issue 29): 'skipped' when its picture could not be read. */
export const faceStatusEnum = pgEnum('face_status', ['pending', 'done', 'failed', 'skipped']);
/** Where a face came from: found by the model, read from the file's own metadata, or drawn by the owner. */
export const faceSourceEnum = pgEnum('face_source', ['detected', 'imported', 'manual']);
/** Where reading a vault document's words stands (decision 058): 'unsupported' for a type heirloom does not read. */
export const textStatusEnum = pgEnum('text_status', ['pending', 'done', 'failed', 'unsupported']);
