// Walks every route Fastify registered (not a hand-kept list of paths) and checks its access rule:
// anonymous → 401; another user's ids (in path, query or body, prefixed attachment ids included) → 404 with
// the victim's data unchanged; the owner → success. A route added without a rule here fails this test.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  books,
  contacts,
  exports,
  faces,
  grants,
  imports,
  interviewQuestions,
  interviews,
  interviewSuggestions,
  legacyEscrowTargets,
  people,
  photos,
  treeGedcomImports,
  treeMatchSuggestions,
} from '@server/db/schema';
import { buildTestApp, multipart, signUp, TEST_PASSWORD, type TestApp } from '@tests/helpers/server';
import { makeVideo } from '@tests/helpers/video-fixture';
import { recordAnswers } from '@tests/helpers/documented-answers';

// Every status these requests are answered with is documented for its operation in the OpenAPI document.
const answers = recordAnswers();
afterAll(() => {
  answers.stop();
  expect(answers.count).toBeGreaterThan(0);
  expect(answers.undocumented()).toEqual([]);
});

type Actor = Awaited<ReturnType<typeof signUp>>;

interface World {
  victim: Actor;
  attacker: Actor;
  photoId: number;
  memoryId: number;
  attachmentId: number;
  linkedPhotoId: number;
  linkedVaultId: number;
  contactId: number;
  vaultId: number;
  attackerMemoryId: number;
  attackerPhotoId: number;
  /** The victim's collection (holding photoId, memoryId and vaultId) and its public link. */
  collectionId: number;
  linkId: number;
  attackerCollectionId: number;
  /** The attacker's collection shared with the victim by a personal link (Shared with me), and ids inside it. */
  sharedGrantId: number;
  sharedPhotoItemId: number;
  sharedAttachmentId: number;
  sharedDocumentItemId: number;
  /** The victim's heir (with a key code), a release to that heir and a letter to that heir. */
  heirId: number;
  releaseId: number;
  letterId: number;
  /** Another owner's release to the victim as their heir, and the heir cookie its key code gave (decision 078). */
  receivedReleaseId: number;
  receivedHeirCookie: string;
  /** The victim's Legacy Plan rule by relation (decision 065): collectionId to each of their grandchildren. */
  relationRuleId: number;
  /** The victim's escrow bucket (decision 072), at an address its test refuses at once (this server's own network). */
  escrowTarget: true;
  /** heirId has a public key and the plan's release key fits it: the heir's sealed copy can be made (decision 074). */
  sealable: true;
  /** The victim's finished export (a ready row and its file). */
  exportId: number;
  /** The victim's finished life-story book (a ready row and its PDF), and the voice link its QR code opens. */
  bookId: number;
  bookLinkId: number;
  /** The victim's finished import, and a resumable upload the victim has begun (its tus id). */
  importId: number;
  importUploadId: string;
  /** The victim's video (ready to play) and a finished resumable video upload not yet made a video. */
  videoId: number;
  videoUploadId: string;
  /** A video upload begun and not finished (two bytes long). */
  videoPartUploadId: string;
  /** Two of the victim's people (the first in photoId) and that face. */
  personId: number;
  otherPersonId: number;
  faceId: number;
  /** The attacker's own person and face (in attackerPhotoId): aimed at the victim's contact and person. */
  attackerPersonId: number;
  attackerFaceId: number;
  /** Two persons of the victim's family tree, the first a parent of the second by treeRelationId; the attacker's own. */
  treePersonId: number;
  treeOtherPersonId: number;
  treeRelationId: number;
  /** The victim's finished GEDCOM import and a suggestion (treeOtherPersonId may be treePersonId) waiting for a decision. */
  gedcomImportId: number;
  suggestionId: number;
  attackerTreePersonId: number;
  /** A voice recording attached to memoryId (transcribed by the fake speech-to-text server). */
  voiceAttachmentId: number;
  /** An invitation the administrator sent. */
  invitationId: number;
  /** The victim's interview of themself: a question sent, one answered, a family member's suggestion (decision 066). */
  interviewId: number;
  interviewSentQuestionId: number;
  interviewAnsweredQuestionId: number;
  interviewSuggestionId: number;
  /** The attacker's interview, for which the victim (linked from the attacker's contacts) may suggest questions. */
  attackerInterviewId: number;
  /** Interviews proposed to the victim by the family, waiting for approval (decision 069): one to approve, one to decline. */
  interviewProposedId: number;
  interviewProposedToDeclineId: number;
  /** The victim's proposal of an interview to the attacker (who has the victim among their contacts). */
  victimProposalId: number;
}

interface Req {
  url: string;
  payload?: object;
  multipart?: ReturnType<typeof multipart>;
  /** Protocol headers (tus). */
  headers?: Record<string, string>;
}

type Rule =
  | { kind: 'public' }
  /** Acts only on the caller's own data: anonymous → 401, owner → success. */
  | { kind: 'self'; request: (w: World) => Req }
  /** Names the victim's resources: anonymous → 401, attacker → 404 (victim unchanged), owner → success. */
  | { kind: 'owned'; request: (w: World) => Req; attacks?: (w: World) => Req[] }
  /** The instance's administrator's (decision 048): anonymous → 401, a member → 403, the administrator → success. */
  | { kind: 'admin'; request: (w: World) => Req };

let png: Buffer;
const photoUpload = () => multipart([{ name: 'photo', filename: 'a.png', content: png, contentType: 'image/png' }]);
const vaultUpload = (memoryId?: number) =>
  multipart([
    { name: 'file', filename: 'letter.txt', content: Buffer.from('Dear future reader'), contentType: 'text/plain' },
    { name: 'description', value: 'a letter' },
    ...(memoryId ? [{ name: 'memoryId', value: String(memoryId) }] : []),
  ]);
const attachmentUpload = () => multipart([{ name: 'attachments', filename: 'b.png', content: png, contentType: 'image/png' }]);
const RECORDING = fs.readFileSync('tests/fixtures/files/recorded-audio.webm');
const voiceUpload = (field: string) => multipart([{ name: field, filename: 'voice.webm', content: RECORDING, contentType: 'audio/webm' }]);
const memoryBody = { title: 'Picnic', content: 'By the lake', eventDate: '1999-07-04', isPublic: false, tags: ['lake'] };

const RULES: Record<string, Rule> = {
  'GET /api/health': { kind: 'public' },
  'GET /api/health/live': { kind: 'public' },
  'GET /api/health/ready': { kind: 'public' },
  // the API's description and its reader, Swagger UI (decision 042): nothing in them is anyone's data
  'GET /api/openapi.json': { kind: 'public' },
  'GET /api/docs': { kind: 'public' },
  'GET /api/docs/json': { kind: 'public' },
  'GET /api/docs/yaml': { kind: 'public' },
  'GET /api/docs/static/index.html': { kind: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { kind: 'public' },
  'GET /api/docs/static/*': { kind: 'public' },
  'POST /api/register': { kind: 'public' },
  'POST /api/login': { kind: 'public' },
  'POST /api/logout': { kind: 'public' },
  'POST /api/password/forgot': { kind: 'public' },
  'POST /api/password/reset': { kind: 'public' },
  'POST /api/email/verify': { kind: 'public' },
  'POST /api/waitlist': { kind: 'public' },
  // First run and the way in by invitation (decision 048): before any account, and before the invitee has one.
  'GET /api/setup': { kind: 'public' },
  'POST /api/setup': { kind: 'public' },
  'GET /api/invitations/:token': { kind: 'public' },
  'GET /api/admin/instance': { kind: 'admin', request: () => ({ url: '/api/admin/instance' }) },
  'GET /api/admin/members': { kind: 'admin', request: () => ({ url: '/api/admin/members' }) },
  'PATCH /api/admin/members/:id': {
    kind: 'admin',
    request: (w) => ({ url: `/api/admin/members/${w.victim.user.id}`, payload: { disabled: true } }),
  },
  'GET /api/admin/invitations': { kind: 'admin', request: () => ({ url: '/api/admin/invitations' }) },
  'POST /api/admin/invitations': {
    kind: 'admin',
    request: () => ({ url: '/api/admin/invitations', payload: { email: 'new@example.com' } }),
  },
  'DELETE /api/admin/invitations/:id': { kind: 'admin', request: (w) => ({ url: `/api/admin/invitations/${w.invitationId}` }) },
  'GET /api/admin/waitlist': { kind: 'admin', request: () => ({ url: '/api/admin/waitlist' }) },
  'GET /api/user': { kind: 'self', request: () => ({ url: '/api/user' }) },
  'PATCH /api/user/profile': { kind: 'self', request: () => ({ url: '/api/user/profile', payload: { cityOfBirth: 'Leeds' } }) },
  'POST /api/user/profile-picture': {
    kind: 'self',
    request: () => ({
      url: '/api/user/profile-picture',
      multipart: multipart([{ name: 'profilePicture', filename: 'me.png', content: png, contentType: 'image/png' }]),
    }),
  },
  'GET /api/user/profile-picture': { kind: 'self', request: () => ({ url: '/api/user/profile-picture' }) },
  'GET /api/user/storage': { kind: 'self', request: () => ({ url: '/api/user/storage' }) },
  'POST /api/user/password': {
    kind: 'self',
    request: () => ({
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'An0ther-Secret!', confirmPassword: 'An0ther-Secret!' },
    }),
  },
  'POST /api/user/logout-all': { kind: 'self', request: () => ({ url: '/api/user/logout-all' }) },
  'PUT /api/user/language': { kind: 'self', request: () => ({ url: '/api/user/language', payload: { language: 'de' } }) },
  'DELETE /api/user': { kind: 'self', request: () => ({ url: '/api/user', payload: { password: TEST_PASSWORD } }) },
  'POST /api/user/email': {
    kind: 'self',
    request: () => ({ url: '/api/user/email', payload: { email: 'moving-on@example.com', password: TEST_PASSWORD } }),
  },
  'POST /api/user/email/verification': { kind: 'self', request: () => ({ url: '/api/user/email/verification' }) },
  'GET /api/photos': { kind: 'self', request: () => ({ url: '/api/photos?sortBy=title' }) },
  'GET /api/photos/page': { kind: 'self', request: () => ({ url: '/api/photos/page?sortBy=dateTaken&limit=1' }) },
  'GET /api/photos/months': { kind: 'self', request: () => ({ url: '/api/photos/months?tz=Europe/Paris' }) },
  'GET /api/photos/undated-count': { kind: 'self', request: () => ({ url: '/api/photos/undated-count' }) },
  'POST /api/photos': { kind: 'self', request: () => ({ url: '/api/photos', multipart: photoUpload() }) },
  'GET /api/photos/image/:id': { kind: 'owned', request: (w) => ({ url: `/api/photos/image/${w.photoId}?size=thumb` }) },
  'PATCH /api/photos/:id': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.photoId}`, payload: { title: 'Renamed' } }) },
  'GET /api/photos/:id': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.photoId}` }) },
  'GET /api/photos/:id/faces': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.photoId}/faces` }) },
  'GET /api/people/status': { kind: 'self', request: () => ({ url: '/api/people/status' }) },
  'PUT /api/people/settings': { kind: 'self', request: () => ({ url: '/api/people/settings', payload: { enabled: true } }) },
  'GET /api/people': { kind: 'self', request: () => ({ url: '/api/people?limit=10' }) },
  'GET /api/people/suggestions': { kind: 'self', request: () => ({ url: '/api/people/suggestions' }) },
  'GET /api/people/:id': { kind: 'owned', request: (w) => ({ url: `/api/people/${w.personId}` }) },
  'PATCH /api/people/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/people/${w.personId}`, payload: { name: 'Victoria Grace' } }),
    attacks: (w) => [
      { url: `/api/people/${w.personId}`, payload: { name: 'Mallory' } },
      { url: `/api/people/${w.attackerPersonId}`, payload: { contactId: w.contactId } },
    ],
  },
  'POST /api/people/:id/merge': {
    kind: 'owned',
    request: (w) => ({ url: `/api/people/${w.otherPersonId}/merge`, payload: { intoId: w.personId } }),
    attacks: (w) => [
      { url: `/api/people/${w.otherPersonId}/merge`, payload: { intoId: w.personId } },
      { url: `/api/people/${w.attackerPersonId}/merge`, payload: { intoId: w.personId } },
    ],
  },
  'GET /api/people/:id/photos': { kind: 'owned', request: (w) => ({ url: `/api/people/${w.personId}/photos` }) },
  'GET /api/people/:id/together': { kind: 'owned', request: (w) => ({ url: `/api/people/${w.personId}/together` }) },
  'GET /api/people/:id/memories': { kind: 'owned', request: (w) => ({ url: `/api/people/${w.personId}/memories` }) },
  'POST /api/photos/:id/faces': {
    kind: 'owned',
    request: (w) => ({
      url: `/api/photos/${w.photoId}/faces`,
      payload: { box: { x: 0.5, y: 0.5, width: 0.2, height: 0.3 }, personId: w.personId },
    }),
    attacks: (w) => [
      { url: `/api/photos/${w.photoId}/faces`, payload: { box: { x: 0.5, y: 0.5, width: 0.2, height: 0.3 } } },
      {
        url: `/api/photos/${w.photoId}/faces`,
        payload: { box: { x: 0.5, y: 0.5, width: 0.2, height: 0.3 }, personId: w.attackerPersonId },
      },
      {
        url: `/api/photos/${w.attackerPhotoId}/faces`,
        payload: { box: { x: 0.5, y: 0.5, width: 0.2, height: 0.3 }, personId: w.personId },
      },
    ],
  },
  'DELETE /api/faces/:id': { kind: 'owned', request: (w) => ({ url: `/api/faces/${w.faceId}` }) },
  'PATCH /api/faces/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/faces/${w.faceId}`, payload: { personId: w.otherPersonId } }),
    attacks: (w) => [
      { url: `/api/faces/${w.faceId}`, payload: { personId: null } },
      { url: `/api/faces/${w.faceId}`, payload: { name: 'Mallory' } },
      { url: `/api/faces/${w.attackerFaceId}`, payload: { personId: w.personId } },
    ],
  },
  'GET /api/photos/:id/original': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.photoId}/original` }) },
  'POST /api/photos/bulk': {
    kind: 'owned',
    request: (w) => ({ url: '/api/photos/bulk', payload: { ids: [w.photoId], action: { type: 'addTags', tags: ['kept'] } } }),
    attacks: (w) => [
      { url: '/api/photos/bulk', payload: { ids: [w.photoId], action: { type: 'delete' } } },
      { url: '/api/photos/bulk', payload: { ids: [w.attackerPhotoId, w.photoId], action: { type: 'delete' } } },
      { url: '/api/photos/bulk', payload: { ids: [w.photoId], action: { type: 'setDate', dateTaken: '2001-01-01T12:00:00Z' } } },
    ],
  },
  'DELETE /api/photos/:id': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.photoId}` }) },
  'DELETE /api/photos/:id/unlink': { kind: 'owned', request: (w) => ({ url: `/api/photos/${w.linkedPhotoId}/unlink` }) },
  'POST /api/photos/fix-paths': { kind: 'self', request: () => ({ url: '/api/photos/fix-paths' }) },
  'POST /api/photos/cleanup': { kind: 'self', request: () => ({ url: '/api/photos/cleanup' }) },
  'GET /api/photos/processing': { kind: 'self', request: () => ({ url: '/api/photos/processing' }) },
  'POST /api/photos/retry-failed': { kind: 'self', request: () => ({ url: '/api/photos/retry-failed' }) },
  'GET /api/memories': { kind: 'self', request: () => ({ url: '/api/memories' }) },
  'GET /api/memories/page': { kind: 'self', request: () => ({ url: '/api/memories/page?limit=1' }) },
  'POST /api/memories': { kind: 'self', request: () => ({ url: '/api/memories', payload: memoryBody }) },
  'POST /api/memories/analyze': {
    kind: 'self',
    request: () => ({ url: '/api/memories/analyze', payload: { title: 'Wedding', description: 'Our wedding in Paris in June.' } }),
  },
  'POST /api/memories/improve': {
    kind: 'self',
    request: () => ({ url: '/api/memories/improve', payload: { content: 'we went to the sea' } }),
  },
  'GET /api/memories/suggestions': { kind: 'self', request: () => ({ url: '/api/memories/suggestions' }) },
  'GET /api/memories/organize': { kind: 'self', request: () => ({ url: '/api/memories/organize' }) },
  'PATCH /api/memories/:id': { kind: 'owned', request: (w) => ({ url: `/api/memories/${w.memoryId}`, payload: { title: 'Changed' } }) },
  'DELETE /api/memories/:id': { kind: 'owned', request: (w) => ({ url: `/api/memories/${w.memoryId}` }) },
  'GET /api/memories/:id': { kind: 'owned', request: (w) => ({ url: `/api/memories/${w.memoryId}` }) },
  'GET /api/memories/:id/attachments': { kind: 'owned', request: (w) => ({ url: `/api/memories/${w.memoryId}/attachments` }) },
  'POST /api/memories/:id/attachments': {
    kind: 'owned',
    request: (w) => ({ url: `/api/memories/${w.memoryId}/attachments`, multipart: attachmentUpload() }),
  },
  'GET /api/memories/:id/attachments/:attachmentId/file': {
    kind: 'owned',
    request: (w) => ({ url: `/api/memories/${w.memoryId}/attachments/${w.attachmentId}/file` }),
    attacks: (w) => [
      { url: `/api/memories/${w.memoryId}/attachments/${w.attachmentId}/file` },
      { url: `/api/memories/${w.attackerMemoryId}/attachments/${w.attachmentId}/file` },
    ],
  },
  'DELETE /api/memories/:id/attachments/:attachmentId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/memories/${w.memoryId}/attachments/${w.attachmentId}` }),
    attacks: (w) => [
      { url: `/api/memories/${w.memoryId}/attachments/${w.attachmentId}` },
      { url: `/api/memories/${w.attackerMemoryId}/attachments/${w.attachmentId}` },
      { url: `/api/memories/${w.memoryId}/attachments/p-${w.linkedPhotoId}` },
      { url: `/api/memories/${w.memoryId}/attachments/v-${w.linkedVaultId}` },
      { url: `/api/memories/${w.attackerMemoryId}/attachments/p-${w.linkedPhotoId}` },
      { url: `/api/memories/${w.attackerMemoryId}/attachments/v-${w.linkedVaultId}` },
    ],
  },
  'POST /api/memories/:id/links': {
    kind: 'owned',
    request: (w) => ({ url: `/api/memories/${w.memoryId}/links`, payload: { photoIds: [w.photoId] } }),
    attacks: (w) => [
      { url: `/api/memories/${w.memoryId}/links`, payload: { photoIds: [w.attackerPhotoId] } },
      { url: `/api/memories/${w.attackerMemoryId}/links`, payload: { photoIds: [w.photoId] } },
      { url: `/api/memories/${w.attackerMemoryId}/links`, payload: { vaultFileIds: [w.vaultId] } },
    ],
  },
  'GET /api/memories/:id/link-candidates': { kind: 'owned', request: (w) => ({ url: `/api/memories/${w.memoryId}/link-candidates` }) },
  'GET /api/contacts': { kind: 'self', request: () => ({ url: '/api/contacts?relationship=family' }) },
  'GET /api/contacts/page': { kind: 'self', request: () => ({ url: '/api/contacts/page?relationship=family' }) },
  'POST /api/contacts': {
    kind: 'self',
    request: () => ({ url: '/api/contacts', payload: { firstName: 'Ann', lastName: 'Lee', relationship: 'friend' } }),
  },
  'PATCH /api/contacts/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/contacts/${w.contactId}`, payload: { firstName: 'Zed', lastName: 'Lee', relationship: 'family' } }),
  },
  'GET /api/contacts/:id': { kind: 'owned', request: (w) => ({ url: `/api/contacts/${w.contactId}` }) },
  'DELETE /api/contacts/:id': { kind: 'owned', request: (w) => ({ url: `/api/contacts/${w.contactId}` }) },
  'GET /api/vault': { kind: 'self', request: () => ({ url: '/api/vault' }) },
  'GET /api/vault/page': { kind: 'self', request: () => ({ url: '/api/vault/page' }) },
  'GET /api/vault/usage': { kind: 'self', request: () => ({ url: '/api/vault/usage' }) },
  'POST /api/vault': {
    kind: 'owned',
    request: (w) => ({ url: '/api/vault', multipart: vaultUpload(w.memoryId) }),
    attacks: (w) => [{ url: '/api/vault', multipart: vaultUpload(w.memoryId) }],
  },
  'GET /api/vault/:id': { kind: 'owned', request: (w) => ({ url: `/api/vault/${w.vaultId}` }) },
  'GET /api/vault/:id/details': { kind: 'owned', request: (w) => ({ url: `/api/vault/${w.vaultId}/details` }) },
  'DELETE /api/vault/:id': { kind: 'owned', request: (w) => ({ url: `/api/vault/${w.vaultId}` }) },
  'DELETE /api/vault/:id/unlink': { kind: 'owned', request: (w) => ({ url: `/api/vault/${w.linkedVaultId}/unlink` }) },
  'GET /api/timeline': { kind: 'self', request: () => ({ url: '/api/timeline?sortDirection=asc' }) },
  'GET /api/timeline/summary': { kind: 'self', request: () => ({ url: '/api/timeline/summary' }) },
  'GET /api/search': { kind: 'self', request: () => ({ url: '/api/search?q=picnic' }) },
  'GET /api/timeline/period': { kind: 'self', request: () => ({ url: `/api/timeline/period?year=${new Date().getFullYear()}` }) },
  'GET /api/on-this-day': { kind: 'self', request: () => ({ url: '/api/on-this-day?date=2024-06-01&tz=Europe/Paris' }) },
  'GET /api/family-dates': { kind: 'self', request: () => ({ url: '/api/family-dates?date=2024-06-01&days=7' }) },
  'GET /api/family-dates/settings': { kind: 'self', request: () => ({ url: '/api/family-dates/settings' }) },
  'PUT /api/family-dates/settings': {
    kind: 'self',
    request: () => ({ url: '/api/family-dates/settings', payload: { digest: true, timeZone: 'Europe/Paris' } }),
  },
  'GET /api/collections': { kind: 'self', request: () => ({ url: '/api/collections' }) },
  'POST /api/collections': { kind: 'self', request: () => ({ url: '/api/collections', payload: { title: 'Holidays' } }) },
  'GET /api/collections/shared-items': { kind: 'self', request: () => ({ url: '/api/collections/shared-items' }) },
  'GET /api/collections/:id': { kind: 'owned', request: (w) => ({ url: `/api/collections/${w.collectionId}` }) },
  'PATCH /api/collections/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/collections/${w.collectionId}`, payload: { title: 'Renamed', coverPhotoId: w.photoId } }),
  },
  'DELETE /api/collections/:id': { kind: 'owned', request: (w) => ({ url: `/api/collections/${w.collectionId}` }) },
  'POST /api/collections/:id/items': {
    kind: 'owned',
    request: (w) => ({ url: `/api/collections/${w.collectionId}/items`, payload: { photoIds: [w.linkedPhotoId] } }),
    attacks: (w) => [
      { url: `/api/collections/${w.collectionId}/items`, payload: { photoIds: [w.attackerPhotoId] } },
      { url: `/api/collections/${w.attackerCollectionId}/items`, payload: { photoIds: [w.photoId] } },
      { url: `/api/collections/${w.attackerCollectionId}/items`, payload: { memoryIds: [w.memoryId] } },
      { url: `/api/collections/${w.attackerCollectionId}/items`, payload: { documentIds: [w.vaultId] } },
    ],
  },
  'DELETE /api/collections/:id/items': {
    kind: 'owned',
    request: (w) => ({ url: `/api/collections/${w.collectionId}/items`, payload: { photoIds: [w.photoId] } }),
    attacks: (w) => [
      { url: `/api/collections/${w.collectionId}/items`, payload: { photoIds: [w.photoId] } },
      { url: `/api/collections/${w.collectionId}/items`, payload: { photoIds: [w.attackerPhotoId] } },
      { url: `/api/collections/${w.attackerCollectionId}/items`, payload: { memoryIds: [w.memoryId] } },
    ],
  },
  'POST /api/collections/:id/links': {
    kind: 'owned',
    request: (w) => ({ url: `/api/collections/${w.collectionId}/links`, payload: { kind: 'personal', contactId: w.contactId } }),
    attacks: (w) => [
      { url: `/api/collections/${w.collectionId}/links`, payload: { kind: 'public' } },
      { url: `/api/collections/${w.attackerCollectionId}/links`, payload: { kind: 'personal', contactId: w.contactId } },
    ],
  },
  'GET /api/collections/:id/links': { kind: 'owned', request: (w) => ({ url: `/api/collections/${w.collectionId}/links` }) },
  'DELETE /api/collections/:id/links/:linkId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/collections/${w.collectionId}/links/${w.linkId}` }),
    attacks: (w) => [
      { url: `/api/collections/${w.collectionId}/links/${w.linkId}` },
      { url: `/api/collections/${w.attackerCollectionId}/links/${w.linkId}` },
    ],
  },
  // A link's token is its key (decision 025): shared-view-access.test.ts walks these routes link by link.
  'GET /api/shared/:token': { kind: 'public' },
  'GET /api/shared/:token/photos/:itemId/:size': { kind: 'public' },
  'GET /api/shared/:token/attachments/:attachmentId': { kind: 'public' },
  'GET /api/shared/:token/documents/:itemId': { kind: 'public' },
  'GET /api/shared/:token/download': { kind: 'public' },
  'POST /api/shared/:token/unlock': { kind: 'public' },
  'GET /api/shared-with-me': { kind: 'self', request: () => ({ url: '/api/shared-with-me' }) },
  'GET /api/shared-with-me/:grantId': { kind: 'owned', request: (w) => ({ url: `/api/shared-with-me/${w.sharedGrantId}` }) },
  'GET /api/shared-with-me/:grantId/photos/:itemId/:size': {
    kind: 'owned',
    request: (w) => ({ url: `/api/shared-with-me/${w.sharedGrantId}/photos/${w.sharedPhotoItemId}/download` }),
  },
  'GET /api/shared-with-me/:grantId/attachments/:attachmentId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/shared-with-me/${w.sharedGrantId}/attachments/${w.sharedAttachmentId}` }),
    attacks: (w) => [
      { url: `/api/shared-with-me/${w.sharedGrantId}/attachments/${w.sharedAttachmentId}` },
      { url: `/api/shared-with-me/${w.sharedGrantId}/attachments/${w.attachmentId}` },
    ],
  },
  'GET /api/shared-with-me/:grantId/documents/:itemId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/shared-with-me/${w.sharedGrantId}/documents/${w.sharedDocumentItemId}` }),
  },
  'GET /api/shared-with-me/:grantId/download': {
    kind: 'owned',
    request: (w) => ({ url: `/api/shared-with-me/${w.sharedGrantId}/download` }),
  },
  // The Legacy Plan's trigger (decision 026): the owner's own plan; a verifier must be the owner's contact.
  'GET /api/legacy/plan': { kind: 'self', request: () => ({ url: '/api/legacy/plan' }) },
  'PUT /api/legacy/plan': {
    kind: 'owned',
    request: (w) => ({
      url: '/api/legacy/plan',
      payload: { checkInMonths: 6, vetoDays: 30, verifierContactIds: [w.contactId], verifiersRequired: 1 },
    }),
  },
  'GET /api/legacy/status': { kind: 'self', request: () => ({ url: '/api/legacy/status' }) },
  'GET /api/legacy/audit': { kind: 'self', request: () => ({ url: '/api/legacy/audit' }) },
  'POST /api/legacy/check-in': { kind: 'self', request: () => ({ url: '/api/legacy/check-in' }) },
  'POST /api/legacy/veto': { kind: 'self', request: () => ({ url: '/api/legacy/veto' }) },
  // One-click links from the trigger's mails: the token is the key (legacy-trigger.test.ts uses each).
  'POST /api/legacy/check-in/confirm': { kind: 'public' },
  'POST /api/legacy/veto/confirm': { kind: 'public' },
  'GET /api/legacy/verify/:token': { kind: 'public' },
  // the opener names nobody and holds no data (decision 076)
  'GET /api/legacy/opener': { kind: 'public' },
  'POST /api/legacy/verify/:token': { kind: 'public' },
  // The Legacy Plan's heirs, releases and letters (decision 027): the owner's own, by id.
  'GET /api/legacy/heirs': { kind: 'self', request: () => ({ url: '/api/legacy/heirs' }) },
  'POST /api/legacy/heirs': { kind: 'owned', request: (w) => ({ url: '/api/legacy/heirs', payload: { contactId: w.contactId } }) },
  'PATCH /api/legacy/heirs/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/legacy/heirs/${w.heirId}`, payload: { dateOfBirth: '2001-02-03' } }),
  },
  'DELETE /api/legacy/heirs/:id': { kind: 'owned', request: (w) => ({ url: `/api/legacy/heirs/${w.heirId}` }) },
  'POST /api/legacy/heirs/:id/key-code': { kind: 'owned', request: (w) => ({ url: `/api/legacy/heirs/${w.heirId}/key-code` }) },
  'PUT /api/legacy/heirs/:id/public-key': {
    kind: 'owned',
    request: (w) => ({ url: `/api/legacy/heirs/${w.heirId}/public-key`, payload: { publicKey: 'B'.repeat(43) } }),
  },
  'GET /api/legacy/releases': { kind: 'self', request: () => ({ url: '/api/legacy/releases' }) },
  'POST /api/legacy/releases': {
    kind: 'owned',
    request: (w) => ({ url: '/api/legacy/releases', payload: { heirId: w.heirId, photoId: w.photoId } }),
    attacks: (w) => [
      { url: '/api/legacy/releases', payload: { heirId: w.heirId, photoId: w.photoId } },
      { url: '/api/legacy/releases', payload: { heirId: w.heirId, photoId: w.attackerPhotoId } },
      { url: '/api/legacy/releases', payload: { heirId: w.heirId, letterId: w.letterId } },
    ],
  },
  'DELETE /api/legacy/releases/:id': { kind: 'owned', request: (w) => ({ url: `/api/legacy/releases/${w.releaseId}` }) },
  'GET /api/legacy/letters': { kind: 'self', request: () => ({ url: '/api/legacy/letters' }) },
  'POST /api/legacy/letters': {
    kind: 'owned',
    request: (w) => ({
      url: '/api/legacy/letters',
      payload: { heirId: w.heirId, title: 'For you', body: 'With love', photoIds: [w.photoId] },
    }),
  },
  'DELETE /api/legacy/letters/:id': { kind: 'owned', request: (w) => ({ url: `/api/legacy/letters/${w.letterId}` }) },
  'GET /api/legacy/preview': { kind: 'owned', request: (w) => ({ url: `/api/legacy/preview?heirId=${w.heirId}` }) },
  // Releases by relation (decision 065): the owner's rules, for the owner's own things.
  'GET /api/legacy/relation-rules': { kind: 'self', request: () => ({ url: '/api/legacy/relation-rules' }) },
  'POST /api/legacy/relation-rules': {
    kind: 'owned',
    request: (w) => ({ url: '/api/legacy/relation-rules', payload: { relation: 'children', collectionId: w.collectionId } }),
  },
  'DELETE /api/legacy/relation-rules/:id': { kind: 'owned', request: (w) => ({ url: `/api/legacy/relation-rules/${w.relationRuleId}` }) },
  // outside the server (decisions 071–073): the owner's own settings, and the yearly mail's one click
  'GET /api/legacy/heartbeat': { kind: 'self', request: () => ({ url: '/api/legacy/heartbeat' }) },
  'PUT /api/legacy/heartbeat': { kind: 'self', request: () => ({ url: '/api/legacy/heartbeat', payload: { url: null } }) },
  'GET /api/legacy/escrow': { kind: 'self', request: () => ({ url: '/api/legacy/escrow' }) },
  'PUT /api/legacy/escrow': { kind: 'self', request: () => ({ url: '/api/legacy/escrow', payload: { target: null } }) },
  'POST /api/legacy/escrow/test': { kind: 'self', request: (w) => ({ url: w.escrowTarget && '/api/legacy/escrow/test' }) },
  'GET /api/legacy/escrow/status': { kind: 'self', request: () => ({ url: '/api/legacy/escrow/status' }) },
  'POST /api/legacy/escrow/run': { kind: 'self', request: () => ({ url: '/api/legacy/escrow/run' }) },
  'GET /api/legacy/escrow/bundles/:heirId': {
    kind: 'owned',
    request: (w) => ({ url: w.sealable && `/api/legacy/escrow/bundles/${w.heirId}` }),
  },
  'GET /api/legacy/release-key': { kind: 'self', request: () => ({ url: '/api/legacy/release-key' }) },
  'PUT /api/legacy/release-key': {
    kind: 'self',
    // one code for the plan's one verifier, the world's contact
    request: (w) => ({
      url: '/api/legacy/release-key',
      payload: { publicKey: 'B'.repeat(43), threshold: 1, shareCount: [w.contactId].length },
    }),
  },
  'GET /api/legacy/reachability': { kind: 'self', request: () => ({ url: '/api/legacy/reachability' }) },
  'POST /api/legacy/reachable/confirm': { kind: 'public' },
  // care access (decision 077): the owner's caregivers (their contacts) and collections; the caregiver's link is
  // its key (legacy-care.test.ts walks it: only the chosen scope while open, 404 for the rest and once ended)
  'GET /api/legacy/care': { kind: 'self', request: () => ({ url: '/api/legacy/care' }) },
  'PUT /api/legacy/care': {
    kind: 'owned',
    request: (w) => ({
      url: '/api/legacy/care',
      payload: { caregivers: [w.contactId], scope: { documents: true, collectionIds: [w.collectionId], contacts: false }, waitingDays: 7 },
    }),
  },
  'POST /api/legacy/care/end': { kind: 'self', request: () => ({ url: '/api/legacy/care/end' }) },
  'POST /api/care/refuse': { kind: 'public' },
  'GET /api/care/:token': { kind: 'public' },
  'POST /api/care/:token/ask': { kind: 'public' },
  'GET /api/care/:token/documents/:documentId': { kind: 'public' },
  'GET /api/care/:token/collections/:grantId': { kind: 'public' },
  'GET /api/care/:token/collections/:grantId/photos/:itemId/:size': { kind: 'public' },
  'GET /api/care/:token/collections/:grantId/attachments/:attachmentId': { kind: 'public' },
  'GET /api/care/:token/collections/:grantId/documents/:itemId': { kind: 'public' },
  'GET /api/care/:token/collections/:grantId/download': { kind: 'public' },
  // An heir's side: the key code, then its cookie, is the key (legacy.test.ts walks each: only what was
  // released to that heir, another heir's code sees none of it, no cookie → 401).
  'POST /api/legacy/open': { kind: 'public' },
  // an heir signed in to their own account keeps a release (decision 078): the session and the heir's cookie both;
  // legacy-keep.test.ts checks another heir's release (404) and either one alone (401)
  'GET /api/legacy/received/:grantId/keep': {
    kind: 'self',
    request: (w) => ({ url: `/api/legacy/received/${w.receivedReleaseId}/keep`, headers: { cookie: w.receivedHeirCookie } }),
  },
  'POST /api/legacy/received/:grantId/keep': {
    kind: 'self',
    request: (w) => ({ url: `/api/legacy/received/${w.receivedReleaseId}/keep`, headers: { cookie: w.receivedHeirCookie } }),
  },
  'GET /api/legacy/after-release': { kind: 'self', request: () => ({ url: '/api/legacy/after-release' }) },
  'PUT /api/legacy/after-release': {
    kind: 'self',
    request: () => ({ url: '/api/legacy/after-release', payload: { choice: 'delete', deleteAfterMonths: 6 } }),
  },
  'POST /api/legacy/close': { kind: 'public' },
  'GET /api/legacy/received': { kind: 'public' },
  'GET /api/legacy/received/download': { kind: 'public' },
  'GET /api/legacy/received/family': { kind: 'public' },
  'GET /api/legacy/received/letters/:letterId/photos/:photoId/:size': { kind: 'public' },
  'GET /api/legacy/received/:grantId': { kind: 'public' },
  'GET /api/legacy/received/:grantId/photos/:itemId/:size': { kind: 'public' },
  'GET /api/legacy/received/:grantId/attachments/:attachmentId': { kind: 'public' },
  'GET /api/legacy/received/:grantId/documents/:itemId': { kind: 'public' },
  'GET /api/legacy/received/:grantId/download': { kind: 'public' },
  'POST /api/exports': { kind: 'self', request: () => ({ url: '/api/exports' }) },
  'GET /api/exports': { kind: 'self', request: () => ({ url: '/api/exports' }) },
  'GET /api/exports/:id': { kind: 'owned', request: (w) => ({ url: `/api/exports/${w.exportId}` }) },
  'GET /api/exports/:id/download': { kind: 'owned', request: (w) => ({ url: `/api/exports/${w.exportId}/download` }) },
  'POST /api/books': {
    kind: 'self',
    request: () => ({
      url: '/api/books',
      payload: {
        title: 'Our book',
        pageSize: 'A4',
        chapters: 'period',
        memories: { all: true },
        includePhotos: false,
        voiceLinks: { expiresAt: null },
      },
    }),
  },
  'GET /api/books': { kind: 'self', request: () => ({ url: '/api/books' }) },
  'GET /api/books/:id': { kind: 'owned', request: (w) => ({ url: `/api/books/${w.bookId}` }) },
  'GET /api/books/:id/pdf': { kind: 'owned', request: (w) => ({ url: `/api/books/${w.bookId}/pdf` }) },
  'GET /api/books/:id/voice-links': { kind: 'owned', request: (w) => ({ url: `/api/books/${w.bookId}/voice-links` }) },
  'DELETE /api/books/:id/voice-links': { kind: 'owned', request: (w) => ({ url: `/api/books/${w.bookId}/voice-links` }) },
  'DELETE /api/books/:id/voice-links/:linkId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/books/${w.bookId}/voice-links/${w.bookLinkId}` }),
  },
  'DELETE /api/books/:id': { kind: 'owned', request: (w) => ({ url: `/api/books/${w.bookId}` }) },
  'GET /api/imports': { kind: 'self', request: () => ({ url: '/api/imports' }) },
  'GET /api/imports/server-files': { kind: 'self', request: () => ({ url: '/api/imports/server-files' }) },
  'GET /api/imports/:id': { kind: 'owned', request: (w) => ({ url: `/api/imports/${w.importId}` }) },
  'POST /api/imports': {
    kind: 'self',
    request: () => ({
      url: '/api/imports',
      multipart: multipart([{ name: 'archive', filename: 'a.zip', content: Buffer.from('PK\u0005\u0006' + '\0'.repeat(18), 'latin1') }]),
    }),
  },
  'POST /api/imports/uploads': {
    kind: 'self',
    request: () => ({ url: '/api/imports/uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '22' } }),
  },
  'OPTIONS /api/imports/uploads': { kind: 'self', request: () => ({ url: '/api/imports/uploads' }) },
  'DELETE /api/imports/uploads/:uploadId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/imports/uploads/${w.importUploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'PATCH /api/imports/uploads/:uploadId': {
    kind: 'owned',
    request: (w) => ({
      url: `/api/imports/uploads/${w.importUploadId}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('PK'),
    }),
  },
  'POST /api/photos/video-uploads': {
    kind: 'self',
    request: () => ({ url: '/api/photos/video-uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '22' } }),
  },
  'OPTIONS /api/photos/video-uploads': { kind: 'self', request: () => ({ url: '/api/photos/video-uploads' }) },
  'DELETE /api/photos/video-uploads/:uploadId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/photos/video-uploads/${w.videoPartUploadId}`, headers: { 'tus-resumable': '1.0.0' } }),
  },
  'PATCH /api/photos/video-uploads/:uploadId': {
    kind: 'owned',
    request: (w) => ({
      url: `/api/photos/video-uploads/${w.videoPartUploadId}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.from('00'),
    }),
  },
  'POST /api/photos/videos': {
    kind: 'owned',
    request: (w) => ({ url: '/api/photos/videos', payload: { uploadId: w.videoUploadId } }),
  },
  'GET /api/photos/video/:id': { kind: 'owned', request: (w) => ({ url: `/api/photos/video/${w.videoId}` }) },
  'GET /api/capabilities': { kind: 'self', request: () => ({ url: '/api/capabilities' }) },
  'GET /api/tree/me': { kind: 'self', request: () => ({ url: '/api/tree/me' }) },
  'GET /api/tree/persons': { kind: 'self', request: () => ({ url: '/api/tree/persons?limit=10' }) },
  'POST /api/tree/persons': {
    kind: 'owned',
    request: (w) => ({ url: '/api/tree/persons', payload: { givenNames: 'Victoria', personId: w.personId } }),
    attacks: (w) => [
      { url: '/api/tree/persons', payload: { givenNames: 'Mallory', personId: w.personId } },
      { url: '/api/tree/persons', payload: { givenNames: 'Mallory', contactId: w.contactId } },
    ],
  },
  'GET /api/tree/persons/:id': { kind: 'owned', request: (w) => ({ url: `/api/tree/persons/${w.treePersonId}` }) },
  'PATCH /api/tree/persons/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/tree/persons/${w.treePersonId}`, payload: { note: 'Kept the bakery' } }),
    attacks: (w) => [
      { url: `/api/tree/persons/${w.treePersonId}`, payload: { note: 'Mallory' } },
      { url: `/api/tree/persons/${w.attackerTreePersonId}`, payload: { contactId: w.contactId } },
    ],
  },
  'DELETE /api/tree/persons/:id': { kind: 'owned', request: (w) => ({ url: `/api/tree/persons/${w.treeOtherPersonId}` }) },
  'GET /api/tree/persons/:id/relations': { kind: 'owned', request: (w) => ({ url: `/api/tree/persons/${w.treePersonId}/relations` }) },
  'GET /api/tree/persons/:id/relation-to-me': {
    kind: 'owned',
    request: (w) => ({ url: `/api/tree/persons/${w.treePersonId}/relation-to-me` }),
  },
  'POST /api/tree/relations': {
    kind: 'owned',
    request: (w) => ({ url: '/api/tree/relations', payload: { kind: 'partner', from: w.treePersonId, to: w.treeOtherPersonId } }),
    attacks: (w) => [
      { url: '/api/tree/relations', payload: { kind: 'partner', from: w.treePersonId, to: w.treeOtherPersonId } },
      { url: '/api/tree/relations', payload: { kind: 'parent', from: w.attackerTreePersonId, to: w.treePersonId } },
    ],
  },
  'DELETE /api/tree/relations/:id': { kind: 'owned', request: (w) => ({ url: `/api/tree/relations/${w.treeRelationId}` }) },
  'GET /api/tree/graph': { kind: 'owned', request: (w) => ({ url: `/api/tree/graph?root=${w.treePersonId}` }) },
  'GET /api/tree/gedcom': { kind: 'self', request: () => ({ url: '/api/tree/gedcom?version=5.5.1' }) },
  'POST /api/tree/gedcom': {
    kind: 'self',
    request: () => ({
      url: '/api/tree/gedcom',
      multipart: multipart([{ name: 'file', filename: 'family.ged', content: Buffer.from('0 HEAD\n0 TRLR\n') }]),
    }),
  },
  'GET /api/tree/gedcom/imports': { kind: 'self', request: () => ({ url: '/api/tree/gedcom/imports' }) },
  'GET /api/tree/gedcom/imports/:id': { kind: 'owned', request: (w) => ({ url: `/api/tree/gedcom/imports/${w.gedcomImportId}` }) },
  'GET /api/tree/gedcom/suggestions': { kind: 'self', request: () => ({ url: '/api/tree/gedcom/suggestions' }) },
  'POST /api/tree/gedcom/suggestions/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/tree/gedcom/suggestions/${w.suggestionId}`, payload: { decision: 'reject' } }),
    attacks: (w) => [{ url: `/api/tree/gedcom/suggestions/${w.suggestionId}`, payload: { decision: 'accept' } }],
  },
  'POST /api/memories/transcriptions': {
    kind: 'self',
    request: () => ({ url: '/api/memories/transcriptions', multipart: voiceUpload('audio') }),
  },
  'POST /api/memories/:id/attachments/:attachmentId/transcription': {
    kind: 'owned',
    request: (w) => ({ url: `/api/memories/${w.memoryId}/attachments/${w.voiceAttachmentId}/transcription` }),
  },
  // Interviews (decision 066): the owner's, the library, the family's suggestions, and the answer page by link
  'GET /api/interviews': { kind: 'self', request: () => ({ url: '/api/interviews' }) },
  'POST /api/interviews': {
    kind: 'owned',
    request: () => ({ url: '/api/interviews', payload: { storytellerContactId: null, schedule: null, questions: [{ text: 'Why?' }] } }),
    attacks: (w) => [
      { url: '/api/interviews', payload: { storytellerContactId: w.contactId, schedule: null, questions: [{ text: 'Mallory?' }] } },
    ],
  },
  'GET /api/interviews/:id': { kind: 'owned', request: (w) => ({ url: `/api/interviews/${w.interviewId}` }) },
  'PATCH /api/interviews/:id': {
    kind: 'owned',
    request: (w) => ({ url: `/api/interviews/${w.interviewId}`, payload: { schedule: null } }),
    attacks: (w) => [{ url: `/api/interviews/${w.interviewId}`, payload: { status: 'stopped' } }],
  },
  'DELETE /api/interviews/:id': { kind: 'owned', request: (w) => ({ url: `/api/interviews/${w.interviewId}` }) },
  'POST /api/interviews/:id/questions/:questionId/resend': {
    kind: 'owned',
    request: (w) => ({ url: `/api/interviews/${w.interviewId}/questions/${w.interviewSentQuestionId}/resend` }),
  },
  'POST /api/interviews/:id/questions/:questionId/follow-up': {
    kind: 'owned',
    request: (w) => ({
      url: `/api/interviews/${w.interviewId}/questions/${w.interviewAnsweredQuestionId}/follow-up`,
      payload: { text: 'And then?' },
    }),
  },
  'GET /api/interviews/:id/suggestions': { kind: 'owned', request: (w) => ({ url: `/api/interviews/${w.interviewId}/suggestions` }) },
  'PATCH /api/interviews/:id/suggestions/:suggestionId': {
    kind: 'owned',
    request: (w) => ({ url: `/api/interviews/${w.interviewId}/suggestions/${w.interviewSuggestionId}`, payload: { status: 'declined' } }),
    attacks: (w) => [{ url: `/api/interviews/${w.interviewId}/suggestions/${w.interviewSuggestionId}`, payload: { status: 'approved' } }],
  },
  'GET /api/interview-questions': { kind: 'self', request: () => ({ url: '/api/interview-questions' }) },
  'GET /api/interview-suggestions/for-me': { kind: 'self', request: () => ({ url: '/api/interview-suggestions/for-me' }) },
  // the victim is linked from the attacker's contacts: a family member who may suggest for the attacker's interview
  'POST /api/interview-suggestions/for-me/:id': {
    kind: 'self',
    request: (w) => ({ url: `/api/interview-suggestions/for-me/${w.attackerInterviewId}`, payload: { text: 'What did you play?' } }),
  },
  // Interviews the family proposes (decision 069): the victim is linked from the attacker's contacts
  'POST /api/interviews/:id/approve': { kind: 'owned', request: (w) => ({ url: `/api/interviews/${w.interviewProposedId}/approve` }) },
  'POST /api/interviews/:id/decline': {
    kind: 'owned',
    request: (w) => ({ url: `/api/interviews/${w.interviewProposedToDeclineId}/decline` }),
  },
  'GET /api/interview-proposals/owners': { kind: 'self', request: () => ({ url: '/api/interview-proposals/owners' }) },
  'GET /api/interview-proposals/owners/:ownerId/storytellers': {
    kind: 'owned',
    request: (w) => ({ url: `/api/interview-proposals/owners/${w.attacker.user.id}/storytellers` }),
    attacks: (w) => [{ url: `/api/interview-proposals/owners/${w.victim.user.id}/storytellers` }],
  },
  'GET /api/interview-proposals': { kind: 'self', request: () => ({ url: '/api/interview-proposals' }) },
  'POST /api/interview-proposals': {
    kind: 'owned',
    request: (w) => ({
      url: '/api/interview-proposals',
      payload: { ownerId: w.attacker.user.id, storytellerContactId: null, schedule: null, questions: [{ text: 'Games?' }] },
    }),
    attacks: (w) => [
      {
        url: '/api/interview-proposals',
        payload: { ownerId: w.victim.user.id, storytellerContactId: w.contactId, schedule: null, questions: [{ text: 'Mallory?' }] },
      },
    ],
  },
  'DELETE /api/interview-proposals/:id': { kind: 'owned', request: (w) => ({ url: `/api/interview-proposals/${w.victimProposalId}` }) },
  'GET /api/answer/:token': { kind: 'public' },
  'POST /api/answer/:token': { kind: 'public' },
  'POST /api/answer/:token/skip': { kind: 'public' },
  'POST /api/answer/:token/pause': { kind: 'public' },
  'POST /api/answer/:token/stop': { kind: 'public' },
  'POST /api/answer/:token/uploads': { kind: 'public' },
  'OPTIONS /api/answer/:token/uploads': { kind: 'public' },
  'PATCH /api/answer/:token/uploads/:uploadId': { kind: 'public' },
  'DELETE /api/answer/:token/uploads/:uploadId': { kind: 'public' },
};

/**
 * Requests that end the victim's session or account: each is made by an account of its own (signed up for it),
 * so the world's victim stays signed in. That the account's data goes with it is account.test.ts's to prove.
 */
const OWN_ACCOUNT = new Set([
  'PATCH /api/admin/members/:id', // disables the account
  'POST /api/user/password', // signs its other sessions out
  'POST /api/user/logout-all',
  'POST /api/user/email',
  'DELETE /api/user',
]);

/**
 * What an owner's request leaves unusable in the world: the ids it removed or used up (and what went with them),
 * or 'quiet' when it starts background work that changes the victim's data later (under another route's
 * attacker, whose snapshot must see no change). A DELETE not listed spoils every id its request names.
 */
const SPOILS: Record<string, Array<keyof World | 'quiet'>> = {
  'POST /api/people/:id/merge': ['otherPersonId'], // the merged person is no more
  'PATCH /api/imports/uploads/:uploadId': ['importUploadId'], // moves the upload's offset
  'PATCH /api/photos/video-uploads/:uploadId': ['videoPartUploadId'],
  'POST /api/photos/videos': ['videoUploadId', 'quiet'], // takes the finished upload, and makes the video's copies
  'POST /api/exports': ['quiet'],
  'POST /api/books': ['quiet'],
  'PUT /api/legacy/escrow': ['escrowTarget'], // removes the bucket
  'POST /api/legacy/escrow/run': ['quiet'], // the run writes its record later
  'POST /api/legacy/heirs/:id/key-code': ['sealable'], // the heir's public key goes with the old code
  'POST /api/imports': ['quiet'],
  'POST /api/tree/gedcom': ['quiet'],
  // a DELETE that names a container but removes only a part of it, or removes more than it names
  'DELETE /api/memories/:id/attachments/:attachmentId': ['attachmentId'],
  'DELETE /api/collections/:id/links/:linkId': ['linkId'],
  'DELETE /api/collections/:id': ['collectionId', 'linkId', 'relationRuleId'],
  'DELETE /api/memories/:id': ['memoryId', 'attachmentId', 'voiceAttachmentId', 'releaseId', 'linkedPhotoId', 'linkedVaultId'],
  'DELETE /api/photos/:id': ['photoId', 'faceId'],
  'DELETE /api/legacy/heirs/:id': ['heirId', 'releaseId', 'letterId'],
  'DELETE /api/tree/persons/:id': ['treeOtherPersonId', 'treeRelationId', 'suggestionId'],
  'DELETE /api/interviews/:id': ['interviewId', 'interviewSentQuestionId', 'interviewAnsweredQuestionId', 'interviewSuggestionId'],
  // the victim's contacts written: contacts are linked again, and the attacker's contact naming the victim (by
  // an address the victim has not verified) no longer is, so the collection shared with the victim is not theirs
  'POST /api/contacts': ['sharedGrantId'],
  'PATCH /api/contacts/:id': ['sharedGrantId'],
  'DELETE /api/contacts/:id': ['contactId', 'sharedGrantId', 'sealable'], // the verifier goes: the release key no longer fits
};

/** What every attacker's request is checked against: the snapshot reads through these ids, and needs the victim's
 *  data to change only by the requests sent. */
const SNAPSHOT_KEYS = ['photoId', 'memoryId', 'collectionId', 'treePersonId', 'quiet'];

/** The world's keys a function reads (it is called on a proxy of the world; the requests only build payloads). */
function keysRead(fn: ((w: World) => unknown) | undefined, w: World): Set<string> {
  const read = new Set<string>();
  fn?.(
    new Proxy(w, {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    }),
  );
  return read;
}

let clip: Buffer;

describe('access control on every registered route', () => {
  let t: TestApp;
  /** The instance's administrator: the first account made. */
  let admin: Actor;
  let speechToText: http.Server;
  beforeAll(async () => {
    // a speech-to-text server that hears "hello" in everything: the transcription routes then answer their owner
    speechToText = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":"hello"}'));
    });
    await new Promise<void>((resolve) => speechToText.listen(0, '127.0.0.1', resolve));
    const { port } = speechToText.address() as AddressInfo;
    t = await buildTestApp({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_TRANSCRIBE_MODEL: 'whisper-test' });
    admin = await signUp(t.app);
    clip = fs.readFileSync(await makeVideo('h264-mp4', { seconds: 1, size: '64x48' }));
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    speechToText.close();
  });

  const cookies = (...parts: Array<string | undefined>) => {
    const cookie = parts.filter(Boolean).join('; ');
    return cookie ? { cookie } : {};
  };
  const send = (method: string, req: Req, cookie?: string) =>
    t.app.inject({
      method: method as 'GET',
      url: req.url,
      // a request's own cookie (an heir's) goes with the caller's session, not instead of it
      headers: { ...(req.multipart?.headers ?? {}), ...(req.headers ?? {}), ...cookies(cookie, req.headers?.cookie) },
      ...(req.multipart ? { payload: req.multipart.payload } : req.payload ? { payload: req.payload } : {}),
    });

  async function created(res: Awaited<ReturnType<typeof send>>): Promise<number> {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return (res.json() as { id: number }).id;
  }

  async function makeWorld(): Promise<World> {
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const photoId = await created(await send('POST', { url: '/api/photos', multipart: photoUpload() }, victim.cookie));
    const linkedPhotoId = await created(await send('POST', { url: '/api/photos', multipart: photoUpload() }, victim.cookie));
    const memoryId = await created(await send('POST', { url: '/api/memories', payload: memoryBody }, victim.cookie));
    const up = await send('POST', { url: `/api/memories/${memoryId}/attachments`, multipart: attachmentUpload() }, victim.cookie);
    expect(up.statusCode, up.body).toBeLessThan(300);
    const list = await send('GET', { url: `/api/memories/${memoryId}/attachments` }, victim.cookie);
    const own = (list.json() as Array<{ id: string; type?: string }>).find((a) => !a.type);
    const voice = await send(
      'POST',
      { url: `/api/memories/${memoryId}/attachments`, multipart: voiceUpload('attachments') },
      victim.cookie,
    );
    expect(voice.statusCode, voice.body).toBeLessThan(300);
    const listed = (await send('GET', { url: `/api/memories/${memoryId}/attachments` }, victim.cookie)).json() as Array<{
      id: string;
      fileName: string;
    }>;
    const voiceAttachmentId = Number(listed.find((a) => a.fileName === 'voice.webm')!.id);
    const vaultId = await created(await send('POST', { url: '/api/vault', multipart: vaultUpload() }, victim.cookie));
    const linkedVaultId = await created(await send('POST', { url: '/api/vault', multipart: vaultUpload() }, victim.cookie));
    const link = await send(
      'POST',
      { url: `/api/memories/${memoryId}/links`, payload: { photoIds: [linkedPhotoId], vaultFileIds: [linkedVaultId] } },
      victim.cookie,
    );
    expect(link.statusCode, link.body).toBeLessThan(300);
    const contactId = await created(
      await send(
        'POST',
        { url: '/api/contacts', payload: { firstName: 'Vi', lastName: 'Ctim', relationship: 'family', email: 'kin@example.com' } },
        victim.cookie,
      ),
    );
    // Before the contact linking below: adding a contact re-links the victim's contacts.
    const heirContact = { firstName: 'Heir', lastName: 'Apparent', relationship: 'family', email: 'heir@example.com' };
    const heirContactId = await created(await send('POST', { url: '/api/contacts', payload: heirContact }, victim.cookie));
    const heirId = await created(await send('POST', { url: '/api/legacy/heirs', payload: { contactId: heirContactId } }, victim.cookie));
    expect((await send('POST', { url: `/api/legacy/heirs/${heirId}/key-code` }, victim.cookie)).statusCode).toBe(200);
    const releaseId = await created(
      await send('POST', { url: '/api/legacy/releases', payload: { heirId, memoryId, condition: 'never' } }, victim.cookie),
    );
    const letterId = await created(
      await send('POST', { url: '/api/legacy/letters', payload: { heirId, title: 'Later', body: 'Words' } }, victim.cookie),
    );
    // another owner's release to the victim as their heir, opened with its key code: the victim keeps it (decision 078)
    const giver = await signUp(t.app);
    const giverKin = { firstName: 'Giver', lastName: 'Kin', relationship: 'family', email: victim.email };
    const giverHeirId = await created(
      await send(
        'POST',
        {
          url: '/api/legacy/heirs',
          payload: { contactId: await created(await send('POST', { url: '/api/contacts', payload: giverKin }, giver.cookie)) },
        },
        giver.cookie,
      ),
    );
    const giverCode = (await send('POST', { url: `/api/legacy/heirs/${giverHeirId}/key-code` }, giver.cookie)).json() as {
      keyCode: string;
    };
    const keepsake = { title: 'Keepsake', content: 'Kept', eventDate: '1990-01-01', isPublic: false, tags: [] };
    const giverMemoryId = await created(await send('POST', { url: '/api/memories', payload: keepsake }, giver.cookie));
    const receivedReleaseId = await created(
      await send('POST', { url: '/api/legacy/releases', payload: { heirId: giverHeirId, memoryId: giverMemoryId } }, giver.cookie),
    );
    await t.db
      .update(grants)
      .set({ releasedAt: new Date(Date.now() - 1000) })
      .where(eq(grants.id, receivedReleaseId));
    const opened = await send('POST', { url: '/api/legacy/open', payload: { keyCode: giverCode.keyCode } });
    const receivedHeirCookie = `heirloom_heir=${opened.cookies.find((c) => c.name === 'heirloom_heir')!.value}`;
    const pic = await send(
      'POST',
      {
        url: '/api/user/profile-picture',
        multipart: multipart([{ name: 'profilePicture', filename: 'me.png', content: png, contentType: 'image/png' }]),
      },
      victim.cookie,
    );
    expect(pic.statusCode, pic.body).toBeLessThan(300);
    const attackerMemoryId = await created(await send('POST', { url: '/api/memories', payload: memoryBody }, attacker.cookie));
    const attackerPhotoId = await created(await send('POST', { url: '/api/photos', multipart: photoUpload() }, attacker.cookie));
    const collectionId = await created(await send('POST', { url: '/api/collections', payload: { title: 'Holidays' } }, victim.cookie));
    const relationRuleId = await created(
      await send('POST', { url: '/api/legacy/relation-rules', payload: { relation: 'grandchildren', collectionId } }, victim.cookie),
    );
    // the plan names the contact as its one verifier (the release key's one code), and a bucket is set for the
    // sealed copies at an address the test refuses at once
    const plan = { checkInMonths: 6, vetoDays: 30, verifierContactIds: [contactId], verifiersRequired: 1 };
    expect((await send('PUT', { url: '/api/legacy/plan', payload: plan }, victim.cookie)).statusCode).toBe(200);
    await t.db.insert(legacyEscrowTargets).values({
      userId: victim.user.id,
      endpoint: 'http://127.0.0.1:9',
      bucket: 'sealed-copies',
      region: 'us-east-1',
      prefix: '',
      accessKeyId: 'key',
      secretAccessKeySealed: t.app.secretBox.seal('secret'),
      forcePathStyle: true,
    });
    // the heir's public key and a release key for the plan's one verifier: the heir's sealed copy can be made
    const publicKey = { publicKey: 'B'.repeat(43) };
    expect((await send('PUT', { url: `/api/legacy/heirs/${heirId}/public-key`, payload: publicKey }, victim.cookie)).statusCode).toBe(200);
    const releaseKey = { publicKey: 'B'.repeat(43), threshold: 1, shareCount: 1 };
    expect((await send('PUT', { url: '/api/legacy/release-key', payload: releaseKey }, victim.cookie)).statusCode).toBe(200);
    const items = await send(
      'POST',
      { url: `/api/collections/${collectionId}/items`, payload: { photoIds: [photoId], memoryIds: [memoryId], documentIds: [vaultId] } },
      victim.cookie,
    );
    expect(items.statusCode, items.body).toBeLessThan(300);
    const linkId = await created(
      await send('POST', { url: `/api/collections/${collectionId}/links`, payload: { kind: 'public' } }, victim.cookie),
    );
    const attackerCollectionId = await created(
      await send('POST', { url: '/api/collections', payload: { title: 'Holidays' } }, attacker.cookie),
    );
    // The attacker shares a collection with the victim: only the victim may open it under Shared with me.
    const attackerUp = await send(
      'POST',
      { url: `/api/memories/${attackerMemoryId}/attachments`, multipart: attachmentUpload() },
      attacker.cookie,
    );
    const sharedAttachmentId = Number((attackerUp.json() as Array<{ id: string }>)[0]!.id);
    const attackerVaultId = await created(await send('POST', { url: '/api/vault', multipart: vaultUpload() }, attacker.cookie));
    const shareItems = { photoIds: [attackerPhotoId], memoryIds: [attackerMemoryId], documentIds: [attackerVaultId] };
    expect(
      (await send('POST', { url: `/api/collections/${attackerCollectionId}/items`, payload: shareItems }, attacker.cookie)).statusCode,
    ).toBe(200);
    const recipientContact = { firstName: 'Re', lastName: 'Cipient', relationship: 'friend', email: victim.email };
    const sharedContactId = await created(await send('POST', { url: '/api/contacts', payload: recipientContact }, attacker.cookie));
    await t.db.update(contacts).set({ linkedUserId: victim.user.id }).where(eq(contacts.id, sharedContactId));
    const sharedGrantId = await created(
      await send(
        'POST',
        { url: `/api/collections/${attackerCollectionId}/links`, payload: { kind: 'personal', contactId: sharedContactId } },
        attacker.cookie,
      ),
    );
    const shared = (await send('GET', { url: `/api/shared-with-me/${sharedGrantId}` }, victim.cookie)).json() as {
      photos: Array<{ id: number }>;
      documents: Array<{ id: number }>;
    };
    // Derivatives are made in the background: wait until the victim's thumbnail is served.
    for (let i = 0; i < 100; i++) {
      const img = await send('GET', { url: `/api/photos/image/${photoId}?size=thumb` }, victim.cookie);
      if (img.statusCode === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const exportKey = `users/${victim.user.id}/exports/access.zip`;
    await t.files.writeBuffer(exportKey, Buffer.from('PK\u0005\u0006'));
    const [finishedExport] = await t.db
      .insert(exports)
      .values({
        userId: victim.user.id,
        status: 'ready',
        fileKey: exportKey,
        fileSize: 4,
        finishedAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: exports.id });
    const bookKey = `users/${victim.user.id}/books/access.pdf`;
    await t.files.writeBuffer(bookKey, Buffer.from('%PDF-1.7\n%%EOF\n'));
    const [finishedBook] = await t.db
      .insert(books)
      .values({
        userId: victim.user.id,
        title: 'Our book',
        pageSize: 'A4',
        chapters: 'period',
        selection: { all: true },
        status: 'ready',
        progress: 100,
        pageCount: 1,
        fileKey: bookKey,
        fileSize: 15,
        finishedAt: new Date(),
      })
      .returning({ id: books.id });
    const [bookLink] = await t.db
      .insert(grants)
      .values({
        userId: victim.user.id,
        bookId: finishedBook!.id,
        memoryId,
        linkKind: 'public',
        tokenNonce: `book-${finishedBook!.id}`,
        tokenHash: `book-link-${finishedBook!.id}`,
      })
      .returning({ id: grants.id });
    const [finishedImport] = await t.db
      .insert(imports)
      .values({ userId: victim.user.id, status: 'done', sourceKeys: [], finishedAt: new Date() })
      .returning({ id: imports.id });
    const upload = await send(
      'POST',
      { url: '/api/imports/uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '22' } },
      victim.cookie,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const importUploadId = String(upload.headers.location).split('/').pop()!;
    const videoUpload = await send(
      'POST',
      { url: '/api/photos/video-uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': String(clip.length) } },
      victim.cookie,
    );
    const videoUploadId = String(videoUpload.headers.location).split('/').pop()!;
    const filled = await t.app.inject({
      method: 'PATCH',
      url: `/api/photos/video-uploads/${videoUploadId}`,
      headers: { cookie: victim.cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: clip,
    });
    expect(filled.statusCode, filled.body).toBe(204);
    const videoPart = await send(
      'POST',
      { url: '/api/photos/video-uploads', headers: { 'tus-resumable': '1.0.0', 'upload-length': '2' } },
      victim.cookie,
    );
    const videoKey = `users/${victim.user.id}/photos/access-video.mp4`;
    await t.files.writeBuffer(videoKey, clip);
    const [video] = await t.db
      .insert(photos)
      .values({
        userId: victim.user.id,
        filePath: videoKey,
        fileName: 'Vi.mp4',
        fileSize: clip.length,
        mimeType: 'video/mp4',
        derivativeStatus: 'ready',
        videoPlayback: 'original',
        durationMs: 1000,
      })
      .returning({ id: photos.id });
    const invitationId = await created(
      await send('POST', { url: '/api/admin/invitations', payload: { email: `kin-${victim.user.id}@example.com` } }, admin.cookie),
    );
    const [person, otherPerson] = await t.db
      .insert(people)
      .values([
        { userId: victim.user.id, name: 'Victoria' },
        { userId: victim.user.id, name: null },
      ])
      .returning({ id: people.id });
    const box = { boxX: 0.2, boxY: 0.2, boxWidth: 0.2, boxHeight: 0.2, source: 'manual' as const };
    const [face] = await t.db
      .insert(faces)
      .values({ userId: victim.user.id, photoId, personId: person!.id, ...box })
      .returning({ id: faces.id });
    const treePersonId = await created(
      await send('POST', { url: '/api/tree/persons', payload: { givenNames: 'Victoria', surname: 'Elder' } }, victim.cookie),
    );
    const treeOtherPersonId = await created(
      await send('POST', { url: '/api/tree/persons', payload: { givenNames: 'Victor', surname: 'Younger' } }, victim.cookie),
    );
    const treeRelationId = await created(
      await send(
        'POST',
        { url: '/api/tree/relations', payload: { kind: 'parent', from: treePersonId, to: treeOtherPersonId } },
        victim.cookie,
      ),
    );
    const [gedcomImport] = await t.db
      .insert(treeGedcomImports)
      .values({ userId: victim.user.id, fileName: 'family.ged', status: 'done', finishedAt: new Date() })
      .returning({ id: treeGedcomImports.id });
    const [suggestion] = await t.db
      .insert(treeMatchSuggestions)
      .values({ userId: victim.user.id, importId: gedcomImport!.id, importedId: treeOtherPersonId, existingId: treePersonId })
      .returning({ id: treeMatchSuggestions.id });
    const attackerTreePersonId = await created(
      await send('POST', { url: '/api/tree/persons', payload: { givenNames: 'Mallory' } }, attacker.cookie),
    );
    const [attackerPerson] = await t.db.insert(people).values({ userId: attacker.user.id }).returning({ id: people.id });
    const interview = (
      await send(
        'POST',
        {
          url: '/api/interviews',
          payload: { storytellerContactId: null, schedule: null, questions: [{ text: 'Sent?' }, { text: 'Answered?' }] },
        },
        victim.cookie,
      )
    ).json() as { id: number; questions: Array<{ id: number }> };
    const [interviewSent, interviewAnswered] = interview.questions;
    await t.db
      .update(interviewQuestions)
      .set({ status: 'answered', answeredAt: new Date() })
      .where(eq(interviewQuestions.id, interviewAnswered!.id));
    const [interviewSuggestion] = await t.db
      .insert(interviewSuggestions)
      .values({
        ownerId: victim.user.id,
        interviewId: interview.id,
        suggestedByUserId: attacker.user.id,
        suggestedByName: 'Cousin',
        text: 'Games?',
      })
      .returning({ id: interviewSuggestions.id });
    await t.db
      .insert(contacts)
      .values({ ownerId: attacker.user.id, firstName: 'Vic', lastName: 'Tim', relationship: 'family', linkedUserId: victim.user.id });
    const attackerInterview = (
      await send(
        'POST',
        {
          url: '/api/interviews',
          payload: { storytellerContactId: null, schedule: { weekday: 0, hour: 3, timeZone: 'UTC' }, questions: [{ text: 'Elder?' }] },
        },
        attacker.cookie,
      )
    ).json() as { id: number };
    const [interviewProposed, interviewProposedToDecline] = await t.db
      .insert(interviews)
      .values(
        ['Approve me', 'Decline me'].map((storytellerName) => ({
          ownerId: victim.user.id,
          storytellerKind: 'owner',
          storytellerName,
          status: 'proposed',
          proposedByUserId: attacker.user.id,
          proposedByName: 'Cousin',
        })),
      )
      .returning({ id: interviews.id });
    const victimProposal = await send(
      'POST',
      {
        url: '/api/interview-proposals',
        payload: { ownerId: attacker.user.id, storytellerContactId: null, schedule: null, questions: [{ text: 'Elder?' }] },
      },
      victim.cookie,
    );
    const [attackerFace] = await t.db
      .insert(faces)
      .values({ userId: attacker.user.id, photoId: attackerPhotoId, personId: attackerPerson!.id, ...box })
      .returning({ id: faces.id });
    return {
      victim,
      attacker,
      personId: person!.id,
      otherPersonId: otherPerson!.id,
      faceId: face!.id,
      attackerPersonId: attackerPerson!.id,
      attackerFaceId: attackerFace!.id,
      treePersonId,
      treeOtherPersonId,
      treeRelationId,
      gedcomImportId: gedcomImport!.id,
      suggestionId: suggestion!.id,
      attackerTreePersonId,
      photoId,
      memoryId,
      attachmentId: Number(own!.id),
      linkedPhotoId,
      linkedVaultId,
      contactId,
      vaultId,
      attackerMemoryId,
      attackerPhotoId,
      collectionId,
      linkId,
      attackerCollectionId,
      sharedGrantId,
      sharedPhotoItemId: shared.photos[0]!.id,
      sharedAttachmentId,
      sharedDocumentItemId: shared.documents[0]!.id,
      heirId,
      releaseId,
      letterId,
      receivedReleaseId,
      receivedHeirCookie,
      relationRuleId,
      escrowTarget: true,
      sealable: true,
      exportId: finishedExport!.id,
      bookId: finishedBook!.id,
      bookLinkId: bookLink!.id,
      importId: finishedImport!.id,
      importUploadId,
      videoId: video!.id,
      videoUploadId,
      videoPartUploadId: String(videoPart.headers.location).split('/').pop()!,
      voiceAttachmentId,
      invitationId,
      interviewId: interview.id,
      interviewSentQuestionId: interviewSent!.id,
      interviewAnsweredQuestionId: interviewAnswered!.id,
      interviewSuggestionId: interviewSuggestion!.id,
      attackerInterviewId: attackerInterview.id,
      interviewProposedId: interviewProposed!.id,
      interviewProposedToDeclineId: interviewProposedToDecline!.id,
      victimProposalId: await created(victimProposal),
    };
  }

  /**
   * Everything the victim can see, to prove an attacker's request changed nothing. Photos' derivatives (of the
   * world's photos, or of one an owner's request added) are made in the background: they are waited for first.
   */
  async function snapshot(w: World) {
    const pending = and(eq(photos.userId, w.victim.user.id), eq(photos.derivativeStatus, 'pending'));
    for (let i = 0; i < 200 && (await t.db.select({ id: photos.id }).from(photos).where(pending).limit(1)).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const urls = {
      user: '/api/user',
      photos: '/api/photos',
      people: '/api/people',
      faces: `/api/photos/${w.photoId}/faces`,
      memories: '/api/memories',
      attachments: `/api/memories/${w.memoryId}/attachments`,
      family: '/api/contacts?relationship=family',
      vault: '/api/vault',
      collections: '/api/collections',
      collection: `/api/collections/${w.collectionId}`,
      links: `/api/collections/${w.collectionId}/links`,
      tree: '/api/tree/persons',
      treeLinks: `/api/tree/persons/${w.treePersonId}/relations`,
    };
    // read side by side: each waits on the database more than it computes
    const [files, ...bodies] = await Promise.all([
      t.files.list(`users/${w.victim.user.id}`),
      ...Object.values(urls).map(async (url) => (await send('GET', { url }, w.victim.cookie)).body),
    ]);
    return { ...Object.fromEntries(Object.keys(urls).map((k, i) => [k, bodies[i]])), files: files.sort() };
  }

  it('has an access rule for every registered route', () => {
    const missing = t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !RULES[key]);
    expect(missing, 'routes without an access rule: add one to RULES').toEqual([]);
  });

  it('has exactly one administrator, the first account', async () => {
    const me = (await send('GET', { url: '/api/user' }, admin.cookie)).json() as { isAdministrator: boolean };
    expect(me.isAdministrator).toBe(true);
  });

  it('refuses anonymous callers, gives 404 for another user’s ids, and serves the owner', async () => {
    const routes = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
    // One world serves route after route: the anonymous and attacker requests must change nothing (checked), and
    // most owners' requests leave every id of the world usable. The routes whose owner's request removes or uses
    // up part of the world (SPOILS) come after the others, those that spoil least first; a route that needs what
    // was spoiled gets a new world. A wrong guess here cannot pass unseen: the owner's request on a broken world
    // fails.
    type Route = { method: string; key: string; rule: Exclude<Rule, { kind: 'public' }>; uses?: Set<string>; spoils?: Set<string> };
    let pending: Route[] = routes.flatMap(({ method, url }) => {
      const key = `${method} ${url}`;
      const rule = RULES[key];
      return rule && rule.kind !== 'public' ? [{ method, key, rule }] : [];
    });
    let world: World | undefined;
    let spoiled = new Set<string>();
    while (pending.length > 0) {
      if (!world) {
        world = await makeWorld();
        spoiled = new Set();
      }
      for (const r of pending) {
        if (r.uses) continue;
        const attacks = r.rule.kind === 'owned' ? r.rule.attacks : undefined;
        r.uses = new Set([...keysRead(r.rule.request, world), ...keysRead(attacks, world)]);
        if (r.rule.kind === 'owned') for (const k of SNAPSHOT_KEYS) r.uses.add(k);
        r.spoils = new Set(SPOILS[r.key] ?? (r.method === 'DELETE' && !OWN_ACCOUNT.has(r.key) ? keysRead(r.rule.request, world) : []));
      }
      // the first route that can run on this world and spoils nothing another route needs, else the one that
      // spoils what the fewest others need
      const blocks = (r: Route) => pending.filter((o) => o !== r && [...o.uses!].some((k) => r.spoils!.has(k))).length;
      let next: Route | undefined;
      let least = Infinity;
      for (const r of pending) {
        if (OWN_ACCOUNT.has(r.key) || [...r.uses!].some((k) => spoiled.has(k))) continue;
        const b = blocks(r);
        if (b < least) [next, least] = [r, b];
        if (b === 0) break;
      }
      // the requests made by an account of their own need nothing of the world but its attacker
      next ??= pending.find((r) => OWN_ACCOUNT.has(r.key));
      if (!next) {
        world = undefined;
        continue;
      }
      pending = pending.filter((r) => r !== next);
      const { method, key, rule } = next;
      const w = OWN_ACCOUNT.has(key) ? { ...world, victim: await signUp(t.app) } : world;
      for (const k of next.spoils!) spoiled.add(k);
      const req = rule.request(w);

      const anon = await send(method, req);
      expect(anon.statusCode, `${key} anonymous`).toBe(401);

      if (rule.kind === 'admin') {
        const member = await send(method, req, w.attacker.cookie);
        expect(member.statusCode, `${key} as a member: ${member.body}`).toBe(403);
        const done = await send(method, rule.request(w), admin.cookie);
        expect(done.statusCode, `${key} as the administrator: ${done.body}`).toBeLessThan(300);
        continue;
      }

      if (rule.kind === 'owned') {
        const attacks = rule.attacks?.(w) ?? [req];
        // what one attack left (checked to be what was there before it) is what the next one starts from
        let before = await snapshot(w);
        for (const attack of attacks) {
          const res = await send(method, attack, w.attacker.cookie);
          expect(res.statusCode, `${key} as another user (${attack.url}): ${res.body}`).toBe(404);
          expect(res.body, `${key} leaks nothing`).not.toMatch(/Vi|Ctim|letter|Picnic/);
          const after = await snapshot(w);
          expect(after, `${key} changed the victim's data`).toEqual(before);
          before = after;
        }
      }

      const own = await send(method, rule.request(w), w.victim.cookie);
      expect(own.statusCode, `${key} as owner: ${own.body}`).toBeLessThan(300);
    }
  }, 300_000);
});
