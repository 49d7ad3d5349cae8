// The account's language (decision 081): kept per account, one heirloom ships or none, and read by the server's
// translator for what it writes to the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { requestLanguage, shippedLanguages, translator } from '../../lib/i18n';

describe('account language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/user/language', headers: cookie ? { cookie } : {}, payload: payload as object });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json<{ language: string | null }>();

  it('is none until chosen, then the one chosen, and none again', async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(cookie)).language).toBeNull();
    const chosen = await put(cookie, { language: 'de' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ language: 'de' });
    expect((await me(cookie)).language).toBe('de');
    expect((await put(cookie, { language: null })).json()).toMatchObject({ language: null });
  });

  it('refuses a language heirloom does not ship, or no language at all, and keeps the one chosen', async () => {
    const { cookie } = await signUp(t.app);
    await put(cookie, { language: 'fr' });
    for (const payload of [{ language: 'xx' }, { language: 'de; DROP TABLE users' }, { language: 42 }, {}, { language: 'x'.repeat(40) }]) {
      const res = await put(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await me(cookie)).language).toBe('fr');
    expect((await put(undefined, { language: 'de' })).statusCode).toBe(401);
  });

  it('the server writes in the catalogues’ languages and picks a request’s from its account, cookie or browser', () => {
    expect(shippedLanguages()).toEqual(expect.arrayContaining(['en', 'de', 'es', 'fr']));
    expect(translator('de').formatMessage({ id: 'common.login', defaultMessage: 'Login' })).toBe('Anmelden');
    expect(translator('xx').formatMessage({ id: 'common.login', defaultMessage: 'Login' })).toBe('Login');
    const req = (headers: Record<string, string>, cookies: Record<string, string> = {}) => ({ headers, cookies }) as never;
    expect(requestLanguage(req({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }))).toBe('es');
    expect(requestLanguage(req({ 'accept-language': 'ja, de-AT;q=0.8' }))).toBe('de');
    expect(requestLanguage(req({ 'accept-language': 'ja' }))).toBe('en');
    expect(requestLanguage(req({ 'accept-language': 'es' }, { heirloom_language: 'fr' }))).toBe('fr');
    expect(requestLanguage(req({ 'accept-language': 'es' }, { heirloom_language: 'fr' }), 'de')).toBe('de');
  });

  it('answers a refusal in the reader’s language: the account’s, else the browser’s; the code stays the same', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { email: 'nobody@example.com', password: '' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', message: 'Bitte geben Sie Ihr Passwort ein' });
    const english = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.com', password: '' } });
    expect(english.json()).toMatchObject({ code: 'VALIDATION', message: 'Password is required' });

    const { cookie } = await signUp(t.app);
    await put(cookie, { language: 'fr' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie, 'accept-language': 'de' },
      payload: { currentPassword: 'not-mine-1A!', newPassword: 'An0ther-Secret!', confirmPassword: 'An0ther-Secret!' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Votre mot de passe actuel est incorrect.' });
  });
  it('answers a refusal with a name in it in the reader’s language, the name as written; English as before', async () => {
    const { cookie } = await signUp(t.app);
    const tree = (url: string, payload: object, language?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tree${url}`,
        headers: { cookie, ...(language ? { 'accept-language': language } : {}) },
        payload,
      });
    const rose = (await tree('/persons', { givenNames: 'Rose', surname: 'Müller', sex: 'female' })).json<{ id: number }>();
    const anna = (await tree('/persons', { givenNames: 'Anna', surname: 'Müller', sex: 'female' })).json<{ id: number }>();
    expect((await tree('/relations', { kind: 'parent', from: rose.id, to: anna.id, type: 'birth' })).statusCode).toBe(201);

    const again = { kind: 'parent', from: rose.id, to: anna.id, type: 'birth' };
    const german = await tree('/relations', again, 'de-DE,de;q=0.9');
    expect(german.statusCode).toBe(409);
    expect(german.json()).toEqual({ message: 'Rose Müller ist bereits als Elternteil von Anna Müller eingetragen', code: 'LINK_EXISTS' });
    const cycle = await tree('/relations', { kind: 'parent', from: anna.id, to: rose.id, type: 'birth' }, 'fr');
    expect(cycle.json()).toMatchObject({
      code: 'LINK_REFUSED',
      message: 'Anna Müller ne peut pas être parent de Rose Müller : Rose Müller est déjà la mère de Anna Müller',
    });
    const english = await tree('/relations', again);
    expect(english.json()).toEqual({ message: 'Rose Müller is already a parent of Anna Müller', code: 'LINK_EXISTS' });
  });

  it('answers another feature’s refusals in the reader’s language too, with the same status and code', async () => {
    const { cookie } = await signUp(t.app);
    await put(cookie, { language: 'es' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/photos/image/999999', headers: { cookie } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Foto no encontrada' });

    const boundary = 'heirloom-test-boundary';
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA summer\r\n--${boundary}--\r\n`,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'NO_FILE', message: 'Seleccione una foto para subir, por favor' });

    await put(cookie, { language: null });
    const english = await t.app.inject({ method: 'GET', url: '/api/photos/image/999999', headers: { cookie } });
    expect(english.json()).toEqual({ message: 'Photo not found' });
  });
});
