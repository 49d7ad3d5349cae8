// /api/legacy/escrow (decision 072): the owner's bucket for the sealed copies, on a real local S3 server: set,
// tested by a real round trip (and left clean), its secret never returned nor stored readable; an address of the
// server's own network is refused unless the operator allows it. The monthly check's findings and mail are in the
// owner's language.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EscrowSettings, EscrowStatus, EscrowTestResult, ReleaseKeyState } from '@shared/schemas/escrow';
import { legacyEscrowTargets } from '@server/db/schema';
import { translator } from '@server/lib/i18n';
import type { JobQueue } from '@server/lib/jobs';
import type { MailMessage } from '@server/lib/mail';
import type { EscrowBucket } from './escrow-bucket';
import { createEscrowCheck } from './escrow-check';
import { inspectCopy } from './escrow-inspect';
import { copiesWrongMail } from './escrow-mails';
import type { EscrowStatusRepo } from './escrow-status.repo';
import type { EscrowRepo } from './escrow.repo';
import { startLocalS3, S3_TEST_KEYS, type LocalS3 } from '@tests/helpers/s3';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import type { SignedUp } from '@tests/helpers/users';

let s3: LocalS3;
let bucket: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = (await s3.newBucket()).S3_BUCKET!;
}, 60_000);
afterAll(() => s3?.close());

const send = (t: TestApp, who: SignedUp | undefined, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
const target = (over: object = {}) => ({
  target: {
    kind: 's3',
    endpoint: s3.endpoint,
    bucket,
    region: 'us-east-1',
    prefix: 'rose',
    accessKeyId: S3_TEST_KEYS.accessKeyId,
    secretAccessKey: S3_TEST_KEYS.secretAccessKey,
    forcePathStyle: true,
    ...over,
  },
});

describe('with an operator who allows a bucket on the home network', () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  beforeAll(async () => {
    t = await buildTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
    owner = await signUp(t.app);
    other = await signUp(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps the bucket with its secret sealed, and never returns the secret', async () => {
    expect((await send(t, owner, 'GET', '/api/legacy/escrow')).json()).toEqual({ target: null });
    const res = await send(t, owner, 'PUT', '/api/legacy/escrow', target());
    expect(res.statusCode).toBe(200);
    expect(res.json<EscrowSettings>()).toEqual({
      target: {
        kind: 's3',
        endpoint: s3.endpoint,
        bucket,
        region: 'us-east-1',
        prefix: 'rose/',
        accessKeyId: S3_TEST_KEYS.accessKeyId,
        forcePathStyle: true,
        hasSecret: true,
        lastTestAt: null,
        lastTestError: null,
      },
    });
    expect(res.body).not.toMatch(/secretAccessKey/);
    const [row] = await t.db.select().from(legacyEscrowTargets).where(eq(legacyEscrowTargets.userId, owner.user.id));
    expect(row!.secretAccessKeySealed).toMatch(/^v1\./);
    expect(row!.secretAccessKeySealed).not.toContain(S3_TEST_KEYS.secretAccessKey);
    expect(t.app.secretBox.open(row!.secretAccessKeySealed)).toBe(S3_TEST_KEYS.secretAccessKey);
    expect((await send(t, other, 'GET', '/api/legacy/escrow')).json()).toEqual({ target: null });
  });

  it('tests the bucket with a real round trip that leaves nothing behind', async () => {
    const res = await send(t, owner, 'POST', '/api/legacy/escrow/test');
    expect(res.json<EscrowTestResult>()).toEqual({
      ok: true,
      message: `heirloom wrote a small file into “${bucket}”, read it back and removed it.`,
    });
    const client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_KEYS });
    expect((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount ?? 0).toBe(0);
    client.destroy();
    const after = (await send(t, owner, 'GET', '/api/legacy/escrow')).json<EscrowSettings>();
    expect(after.target).toMatchObject({ lastTestError: null, lastTestAt: expect.any(String) });
    expect((await send(t, other, 'POST', '/api/legacy/escrow/test')).statusCode).toBe(404);
  });

  it('says what is wrong when the bucket or the keys are, and keeps the stored secret when none is given', async () => {
    await send(t, owner, 'PUT', '/api/legacy/escrow', target({ bucket: 'no-such-bucket' }));
    expect((await send(t, owner, 'POST', '/api/legacy/escrow/test')).json()).toEqual({
      ok: false,
      message: 'There is no bucket named “no-such-bucket” at that address',
    });
    const { secretAccessKey: _kept, ...withoutSecret } = target().target;
    expect((await send(t, owner, 'PUT', '/api/legacy/escrow', { target: withoutSecret })).statusCode).toBe(200);
    expect((await send(t, owner, 'POST', '/api/legacy/escrow/test')).json<EscrowTestResult>().ok).toBe(true);
    expect((await send(t, other, 'PUT', '/api/legacy/escrow', { target: withoutSecret })).json()).toMatchObject({
      message: 'Enter the secret key',
    });
    const stopped = await t.app.inject({
      method: 'PUT',
      url: '/api/legacy/escrow',
      headers: { cookie: owner.cookie },
      payload: { target: null },
    });
    expect(stopped.json()).toEqual({ target: null });
  });

  it('refuses a target that is not one, and changes nothing', async () => {
    await send(t, owner, 'PUT', '/api/legacy/escrow', target());
    for (const over of [{ bucket: 'Bad Bucket' }, { endpoint: 'ftp://x' }, { prefix: '../up' }, { kind: 'gcs' }, { accessKeyId: '' }]) {
      const res = await send(t, owner, 'PUT', '/api/legacy/escrow', target(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    expect((await send(t, owner, 'GET', '/api/legacy/escrow')).json<EscrowSettings>().target).toMatchObject({ bucket, prefix: 'rose/' });
    expect((await send(t, undefined, 'GET', '/api/legacy/escrow')).statusCode).toBe(401);
  });
});

describe('the release key', () => {
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  const contacts: number[] = [];
  const plan = (verifierContactIds: number[], verifiersRequired: number) =>
    send(t, owner, 'PUT', '/api/legacy/plan', { checkInMonths: 6, vetoDays: 30, verifierContactIds, verifiersRequired, pausedUntil: null });
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    other = await signUp(t.app);
    for (const name of ['Ann', 'Ben', 'Cy']) {
      const res = await send(t, owner, 'POST', '/api/contacts', {
        firstName: name,
        lastName: 'Lee',
        relationship: 'family',
        email: `${name}@example.com`,
      });
      contacts.push(res.json<{ id: number }>().id);
    }
  }, 60_000);
  afterAll(() => t?.close());

  // an X25519 public key (any 32 bytes are one)
  const publicKey = 'hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo';

  it('keeps only the public half, for the verifiers and threshold of the plan as it is', async () => {
    const key = { publicKey, threshold: 2, shareCount: 3 };
    expect((await send(t, owner, 'PUT', '/api/legacy/release-key', key)).json()).toMatchObject({ code: 'NO_VERIFIERS' });
    expect((await plan(contacts, 2)).statusCode).toBe(200);
    const wrong = await send(t, owner, 'PUT', '/api/legacy/release-key', { ...key, threshold: 1 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ message: 'Your plan has 3 verifiers and asks 2 to confirm: make 3 codes, 2 of them needed.' });

    const res = await send(t, owner, 'PUT', '/api/legacy/release-key', key);
    expect(res.statusCode).toBe(200);
    const { releaseKey } = res.json<ReleaseKeyState>();
    expect(releaseKey).toMatchObject({
      publicKey,
      threshold: 2,
      shareCount: 3,
      outdated: null,
      keyId: expect.stringMatching(/^[0-9A-Z]{4}$/),
    });
    expect(releaseKey!.verifiers.map((v) => [v.name, v.codeNumber])).toEqual([
      ['Ann Lee', 1],
      ['Ben Lee', 2],
      ['Cy Lee', 3],
    ]);
    expect((await send(t, other, 'GET', '/api/legacy/release-key')).json()).toEqual({ releaseKey: null });
  });

  it('says the codes must be made again when the verifiers or the threshold change', async () => {
    await plan(contacts.slice(0, 2), 2);
    const state = (await send(t, owner, 'GET', '/api/legacy/release-key')).json<ReleaseKeyState>();
    expect(state.releaseKey!.outdated).toMatch(/^Your verifiers changed since these codes were made/);
    expect(state.releaseKey!.verifiers[2]).toMatchObject({ name: 'A former verifier', codeNumber: 3 });
    await plan(contacts, 3);
    expect((await send(t, owner, 'GET', '/api/legacy/release-key')).json<ReleaseKeyState>().releaseKey!.outdated).toMatch(
      /^How many verifiers must confirm changed/,
    );
    for (const bad of [
      { publicKey: 'short', threshold: 1, shareCount: 1 },
      { publicKey, threshold: 4, shareCount: 3 },
      { publicKey, threshold: 0, shareCount: 3 },
    ])
      expect((await send(t, owner, 'PUT', '/api/legacy/release-key', bad)).statusCode).toBe(400);
  });
});

describe('by default', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it("refuses a bucket in the server's own network", async () => {
    const res = await send(t, owner, 'PUT', '/api/legacy/escrow', target());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'OUTBOUND_PRIVATE_ADDRESS' });
    expect((await send(t, owner, 'GET', '/api/legacy/escrow')).json()).toEqual({ target: null });

    // a bucket set while the operator allowed the home network is refused at its next use once they no longer do
    await t.db.insert(legacyEscrowTargets).values({
      userId: owner.user.id,
      endpoint: s3.endpoint,
      bucket,
      region: 'us-east-1',
      prefix: '',
      accessKeyId: S3_TEST_KEYS.accessKeyId,
      secretAccessKeySealed: t.app.secretBox.seal(S3_TEST_KEYS.secretAccessKey),
      forcePathStyle: true,
    });
    const tested = (await send(t, owner, 'POST', '/api/legacy/escrow/test')).json<EscrowTestResult>();
    expect(tested).toEqual({ ok: false, message: "127.0.0.1 is an address of this server's own network, which heirloom does not call" });
  });
});

describe('for a German owner', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await signUp(t.app);
    await t.app.inject({ method: 'PUT', url: '/api/user/language', headers: { cookie: owner.cookie }, payload: { language: 'de' } });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers the bucket test, and keeps it and the run’s trouble, in German', async () => {
    await t.db.insert(legacyEscrowTargets).values({
      userId: owner.user.id,
      endpoint: s3.endpoint,
      bucket,
      region: 'us-east-1',
      prefix: '',
      accessKeyId: S3_TEST_KEYS.accessKeyId,
      secretAccessKeySealed: t.app.secretBox.seal(S3_TEST_KEYS.secretAccessKey),
      forcePathStyle: true,
    });
    const refusal = '127.0.0.1 ist eine Adresse im eigenen Netzwerk dieses Servers, und solche Adressen ruft heirloom nicht auf';
    expect((await send(t, owner, 'POST', '/api/legacy/escrow/test')).json<EscrowTestResult>()).toEqual({ ok: false, message: refusal });
    expect((await send(t, owner, 'GET', '/api/legacy/escrow')).json<EscrowSettings>().target?.lastTestError).toBe(refusal);

    await t.app.services.escrowRun.run(owner.user.id);
    expect((await send(t, owner, 'GET', '/api/legacy/escrow/status')).json<EscrowStatus>().error).toBe(refusal);
    await t.app.services.escrowRun.giveUp(owner.user.id);
    expect((await send(t, owner, 'GET', '/api/legacy/escrow/status')).json<EscrowStatus>().error).toBe(
      'Der letzte Lauf wurde nicht abgeschlossen; heute Nacht wird es erneut versucht.',
    );
  });
});

describe('the monthly check, in the owner’s language', () => {
  const expected = { objectKey: 'rose/1.heirloom-escrow', bytes: 2048, sha256: 'ab', heirPublicKey: 'heir', releasePublicKey: 'release' };
  const bucketOfSize = (size: number | undefined) => ({ size: async () => size, close: () => {} }) as unknown as EscrowBucket;

  it('says what is wrong with a copy in English as before, and in German for a German owner', async () => {
    expect(await inspectCopy(bucketOfSize(undefined), expected)).toBe('The copy is missing from the bucket.');
    expect(await inspectCopy(bucketOfSize(1234567), expected)).toBe(
      'The copy in the bucket has another size (1234567 bytes instead of 2048).',
    );
    expect(await inspectCopy(bucketOfSize(undefined), expected, translator('de'))).toBe('Die Kopie fehlt im Bucket.');
    expect(await inspectCopy(bucketOfSize(1234567), expected, translator('de'))).toBe(
      'Die Kopie im Bucket hat eine andere Größe (1.234.567 Bytes statt 2.048).',
    );
  });

  it('writes the owner’s mail in English as before, and in German with its Content-Language', () => {
    const owner = { email: 'rose@example.com', firstName: 'Rose' };
    const problems = [{ heirName: 'Tom King', problem: 'The copy is missing from the bucket.' }];
    const english = copiesWrongMail(owner, problems, 'https://heirloom.example/after-life');
    expect(english.language).toBe('en');
    expect(english.subject).toBe('A sealed copy of your Legacy Plan needs a look');
    expect(english.text).toBe(
      [
        'Hello Rose,',
        '',
        'Once a month heirloom checks the sealed copies it keeps in your bucket, so that your heirs can open them even if this server is gone. This time it found:',
        '',
        '- the copy for Tom King: The copy is missing from the bucket.',
        '',
        'heirloom writes it again at the next nightly run. If the problem comes back, the bucket may be changing or losing files: please look at it, and at After Life:',
        '',
        'https://heirloom.example/after-life',
        '',
        'You will not be mailed again about the same problem.',
      ].join('\n'),
    );
    const two = copiesWrongMail(owner, [...problems, { heirName: 'Lily King', problem: 'x' }], 'https://heirloom.example/after-life');
    expect(two.subject).toBe('Sealed copies of your Legacy Plan need a look');
    expect(two.text).toContain('heirloom writes them again');

    const german = copiesWrongMail(owner, problems, 'https://heirloom.example/after-life', translator('de'));
    expect(german.language).toBe('de');
    expect(german.subject).toBe('Eine versiegelte Kopie Ihres Nachlassplans braucht Ihre Aufmerksamkeit');
    expect(german.text).toMatch(/^Guten Tag Rose,\n\nEinmal im Monat prüft heirloom/);
    expect(german.text).toContain('- die Kopie für Tom King: The copy is missing from the bucket.');
    expect(german.text).toContain('Wegen desselben Problems bekommen Sie keine weitere E-Mail.');
  });

  it('keeps and mails what it finds in the language of the owner’s account', async () => {
    const mails: MailMessage[] = [];
    const kept: Array<string | null> = [];
    const check = createEscrowCheck({
      repo: { releaseKey: async () => undefined } as unknown as EscrowRepo,
      status: {
        recordCheck: async () => {},
        bundles: async () => [{ ...expected, heirId: 7, checkError: null }],
        recordBundleCheck: async (_user: number, _heir: number, _sha: string, _at: Date, problem: string | null) => void kept.push(problem),
        owner: async () => ({ email: 'rose@example.com', firstName: 'Rose', language: 'fr' }),
      } as unknown as EscrowStatusRepo,
      heirs: { listHeirs: async () => [{ id: 7, name: 'Tom King', publicKey: 'heir' }] as never },
      jobs: { send: async (_name: string, message: MailMessage) => void mails.push(message) } as unknown as JobQueue,
      publicUrl: 'https://heirloom.example',
      bucketOf: async () => ({ bucket: bucketOfSize(undefined), prefix: 'rose/', name: 'family' }),
      queueRun: async () => {},
      now: () => new Date('2031-05-02T10:00:00Z'),
    });
    await check(1);
    expect(kept).toEqual(['La copie est absente du bucket.']);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'rose@example.com',
      language: 'fr',
      subject: 'Une copie scellée de votre plan de transmission demande votre attention',
    });
    expect(mails[0]!.text).toContain('- la copie pour Tom King : La copie est absente du bucket.');
  });
});
