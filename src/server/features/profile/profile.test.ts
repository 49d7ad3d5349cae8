import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, readStored, signUp, storedFiles, tempFiles, type TestApp } from '@tests/helpers/server';

type Session = Awaited<ReturnType<typeof signUp>>;

/** A JPEG carrying camera and GPS EXIF, like a phone photo. */
async function jpegWithGps(width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

describe('/api/user/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const patch = (who: Session, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie: who.cookie }, payload });
  const me = async (who: Session) => (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: who.cookie } })).json();

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: { firstName: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('updates every editable field, and GET /api/user shows it at once', async () => {
    const who = await signUp(t.app);
    await me(who); // warm the session cache
    const res = await patch(who, {
      firstName: ' Grace ',
      surname: 'Hopper',
      dateOfBirth: '1906-12-09',
      mobileNumber: '+1 555 0100',
      cityOfBirth: 'New York',
      address: '1 Navy Way',
      gender: 'female',
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      firstName: 'Grace',
      surname: 'Hopper',
      dateOfBirth: '1906-12-09',
      mobileNumber: '+1 555 0100',
      cityOfBirth: 'New York',
      address: '1 Navy Way',
      gender: 'female',
    };
    expect(res.json()).toMatchObject(expected);
    expect(await me(who)).toMatchObject(expected);
  });

  it('clears optional fields sent empty and keeps fields left out', async () => {
    const who = await signUp(t.app);
    await patch(who, { mobileNumber: '123', cityOfBirth: 'Paris', address: 'Somewhere' });
    const res = await patch(who, { mobileNumber: '', cityOfBirth: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mobileNumber: null, cityOfBirth: null, address: 'Somewhere', firstName: 'Ada' });
  });

  it('never changes the email or the password', async () => {
    const who = await signUp(t.app);
    const res = await patch(who, { firstName: 'Eve', email: 'taken-over@example.com', password: 'Hacked-123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Eve', email: who.email });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: who.email, password: who.password } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['a blank first name', { firstName: '  ' }, 'First name is required'],
    ['a blank surname', { surname: '' }, 'Surname is required'],
    ['a date of birth that is no date', { dateOfBirth: 'yesterday' }, 'Please enter a valid date'],
    ['a date of birth in the future', { dateOfBirth: '2999-01-01' }, 'Please enter a valid date'],
    ['an unknown gender', { gender: 'robot' }, undefined],
    ['an over-long address', { address: 'x'.repeat(501) }, 'Must be at most 500 characters'],
  ])('refuses %s and changes nothing', async (_label, payload, message) => {
    const who = await signUp(t.app);
    const res = await patch(who, { cityOfBirth: 'Leeds', ...payload });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await me(who)).cityOfBirth).toBeNull();
  });
});

describe('/api/user/profile-picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const upload = (who: Session, content: Buffer, filename = 'me.jpg', contentType = 'image/jpeg') => {
    const body = multipart([{ name: 'profilePicture', filename, content, contentType }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      headers: { ...body.headers, cookie: who.cookie },
      payload: body.payload,
    });
  };
  const picture = (who: Session, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/user/profile-picture${query}`, headers: { cookie: who.cookie } });
  const filesOf = async (who: Session) => (await storedFiles(t)).filter((f) => f.startsWith(`users/${who.user.id}/`));

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile-picture' })).statusCode).toBe(401);
    const body = multipart([{ name: 'profilePicture', filename: 'a.jpg', content: await jpegWithGps(10, 10) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/profile-picture', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });

  it('stores a re-encoded, resized copy with no GPS or camera EXIF, and serves it to its owner', async () => {
    const who = await signUp(t.app);
    const original = await jpegWithGps();
    expect(await exifr.gps(original)).toMatchObject({ latitude: 51.5 }); // the fixture really has GPS

    const res = await upload(who, original);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profilePicture;
    expect(url).toMatch(/^\/api\/user\/profile-picture\?v=/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: who.cookie } })).json().profilePicture).toBe(url);

    const stored = await filesOf(who);
    expect(stored).toHaveLength(1);
    const bytes = await readStored(t, stored[0]!);
    expect(await exifr.gps(bytes)).toBeUndefined();
    expect(await exifr.parse(bytes, true)).toBeUndefined();
    expect(bytes.includes('TestCam')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(512);
    expect(meta.exif).toBeUndefined();

    const served = await picture(who, url.slice(url.indexOf('?')));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('deletes the old picture file when it is replaced', async () => {
    const who = await signUp(t.app);
    await upload(who, await jpegWithGps(100, 100));
    const first = await filesOf(who);
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const res = await upload(who, png, 'pic.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const second = await filesOf(who);
    expect(second).toHaveLength(1);
    expect(second[0]).not.toBe(first[0]);
    // Never enlarged: a small picture keeps its size.
    const meta = await sharp(await readStored(t, second[0]!)).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('turns a sideways phone picture upright before dropping its metadata', async () => {
    const who = await signUp(t.app);
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#123' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    expect((await upload(who, sideways)).statusCode).toBe(200);
    const meta = await sharp(await readStored(t, (await filesOf(who))[0]!)).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts GIF and WebP', async () => {
    const who = await signUp(t.app);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    expect((await upload(who, gif, 'a.gif', 'image/gif')).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    expect((await upload(who, webp, 'a.webp', 'image/webp')).statusCode).toBe(200);
    expect(await filesOf(who)).toHaveLength(1);
  });

  it('refuses a picture over 5 MB with the spec message and keeps nothing', async () => {
    const who = await signUp(t.app);
    const big = Buffer.concat([await jpegWithGps(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(who, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Please select an image smaller than 5MB.');
    expect(await filesOf(who)).toEqual([]);
    expect(await tempFiles(t)).toEqual([]);
  });

  it.each([
    ['a PDF named .jpg', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), 'x.jpg', 'image/jpeg'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml'],
    ['a TIFF', Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0, 0, 0, 0, 0]), 'x.tif', 'image/tiff'],
  ])('refuses %s by its bytes and keeps nothing', async (_label, content, filename, type) => {
    const who = await signUp(t.app);
    const res = await upload(who, content, filename, type);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please select a JPEG, PNG, GIF or WebP image.');
    expect(await filesOf(who)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: who.cookie } })).json().profilePicture).toBeNull();
  });

  it('refuses a damaged image with a clear message and keeps the previous picture', async () => {
    const who = await signUp(t.app);
    await upload(who, await jpegWithGps(50, 50));
    const before = await filesOf(who);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const res = await upload(who, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This file could not be read as an image'); // the same words on every image upload
    expect(await filesOf(who)).toEqual(before);
    expect(await tempFiles(t)).toEqual([]);
  });

  it('refuses a request without a picture', async () => {
    const who = await signUp(t.app);
    const body = multipart([{ name: 'other', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile-picture',
      headers: { ...body.headers, cookie: who.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select an image to upload.');
  });

  it("answers 404 when the user has no picture, even with another user's picture URL", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const url: string = (await upload(owner, await jpegWithGps(20, 20))).json().profilePicture;
    const res = await picture(other, url.slice(url.indexOf('?')));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect((await picture(owner)).statusCode).toBe(200);
  });
});
