// The OpenAI-compatible provider against a real HTTP server on 127.0.0.1, directly and through the app.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiFailureText } from '@shared/schemas/memories';
import { buildTestApp, signUp, type TestApp } from '@tests/helpers/server';
import { createOpenAiProvider } from './openai-provider';
import { AiError } from './provider';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

const completion = (content: string) =>
  JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });

describe('OpenAI-compatible provider', () => {
  let server: http.Server;
  let baseUrl: string;
  let handler: Handler;
  let seen: Array<{ url?: string; authorization?: string; body: Record<string, unknown> }>;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ url: req.url, authorization: req.headers.authorization, body: JSON.parse(body || '{}') });
        handler(req, body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen = [];
  });

  const reply =
    (status: number, body: string, contentType = 'application/json'): Handler =>
    (_req, _body, res) => {
      res.writeHead(status, { 'content-type': contentType });
      res.end(body);
    };
  const provider = (timeoutMs = 2_000) => createOpenAiProvider({ baseUrl, model: 'family-model', apiKey: 'sk-test', timeoutMs });
  const request = { title: 'Our wedding day', content: 'Michael and I married in Boston in 1976.', existingTags: ['Boston'] };

  async function failure(promise: Promise<unknown>) {
    try {
      await promise;
    } catch (err) {
      return err as AiError;
    }
    throw new Error('expected the call to fail');
  }

  it('sends the model, the key and the memory, and reads the tags from the JSON answer', async () => {
    handler = reply(200, completion('{"tags": ["Wedding", " Michael ", "wedding", "", "Boston", "1976"]}'));
    const tags = await provider().suggestTags(request);
    expect(tags).toEqual(['Wedding', 'Michael', '1976']); // trimmed, de-duplicated, existing 'Boston' left out
    expect(seen[0]!.url).toBe('/v1/chat/completions');
    expect(seen[0]!.authorization).toBe('Bearer sk-test');
    expect(seen[0]!.body.model).toBe('family-model');
    expect(JSON.stringify(seen[0]!.body.messages)).toContain('Michael and I married in Boston in 1976.');
  });

  it('accepts an answer wrapped in a Markdown code fence', async () => {
    handler = reply(200, completion('```json\n{"tags": ["Wedding"]}\n```'));
    expect(await provider().suggestTags(request)).toEqual(['Wedding']);
  });

  it('reads a proposed text and prompts', async () => {
    handler = reply(
      200,
      completion(
        JSON.stringify({ content: 'Michael and I married in Boston in 1976.\n\nIt rained.', prompts: ['Who walked you down the aisle?'] }),
      ),
    );
    expect(await provider().improveContent({ content: 'michael and i married in boston in 1976. it rained' })).toEqual({
      content: 'Michael and I married in Boston in 1976.\n\nIt rained.',
      prompts: ['Who walked you down the aisle?'],
    });
  });

  it.each([
    ['malformed JSON', completion('{"tags": ["Wedding"')],
    ['an answer with no tags', completion('{"labels": ["Wedding"]}')],
    ['tags that are not strings', completion('{"tags": [1, 2]}')],
    ['a body that is not a completion', '<html>oops</html>'],
  ])('reports %s as a format error', async (_name, body) => {
    handler = reply(200, body);
    const err = await failure(provider().suggestTags(request));
    expect(err).toBeInstanceOf(AiError);
    expect(err.kind).toBe('format');
    expect(aiFailureText(err.message)).toBe('Unexpected response format. Try again with different content.');
  });

  it.each([401, 403, 429, 500, 503])('reports HTTP %i as the service being unavailable', async (status) => {
    handler = reply(status, '{"error": {"message": "nope"}}');
    const err = await failure(provider().suggestTags(request));
    expect(err.kind).toBe('unavailable');
    expect(aiFailureText(err.message)).toBe('Service temporarily unavailable. Please try again later.');
  });

  it('reports a refused request as a general failure', async () => {
    handler = reply(400, '{"error": {"message": "context too long"}}');
    const err = await failure(provider().suggestTags(request));
    expect(err.kind).toBe('failed');
    expect(aiFailureText(err.message)).toBe('Failed to generate suggestions. Please try again.');
  });

  it('gives up after the timeout', async () => {
    handler = (_req, _body, res) => setTimeout(() => reply(200, completion('{"tags": []}'))(_req, _body, res), 1_000);
    const started = Date.now();
    const err = await failure(provider(150).suggestTags(request));
    expect(Date.now() - started).toBeLessThan(900);
    expect(err.kind).toBe('unavailable');
    expect(aiFailureText(err.message)).toBe('Service temporarily unavailable. Please try again later.');
  });

  it('reports a server that is not there as unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(
      createOpenAiProvider({ baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm', timeoutMs: 1_000 }).suggestTags(request),
    );
    expect(err.kind).toBe('unavailable');
  });

  describe('through POST /api/memories/analyze and /improve', () => {
    let t: TestApp;
    let cookie: string;
    beforeAll(async () => {
      t = await buildTestApp({ AI_BASE_URL: baseUrl, AI_MODEL: 'family-model', AI_API_KEY: 'sk-test', AI_TIMEOUT_MS: '300' });
      cookie = (await signUp(t.app)).cookie;
    });
    afterAll(() => t.close());

    const analyze = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/memories/analyze',
        headers: { cookie },
        payload: { title: 'Our wedding day', description: 'Michael and I married in Boston.' },
      });

    it('returns the model’s tags', async () => {
      handler = reply(200, completion('{"tags": ["Wedding", "Michael", "Boston"]}'));
      const res = await analyze();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ tags: ['Wedding', 'Michael', 'Boston'] });
    });

    it('returns an empty list when the model has no tags (the client then says so)', async () => {
      handler = reply(200, completion('{"tags": []}'));
      expect((await analyze()).json()).toEqual({ tags: [] });
    });

    it.each([
      ['a refused key', 503, 'Service temporarily unavailable. Please try again later.', reply(401, '{"error": "invalid api key"}')],
      ['malformed JSON', 502, 'Unexpected response format. Try again with different content.', reply(200, completion('not json at all'))],
      ['a refused request', 502, 'Failed to generate suggestions. Please try again.', reply(422, '{}')],
      [
        'a timeout',
        503,
        'Service temporarily unavailable. Please try again later.',
        ((req, body, res) => setTimeout(() => reply(200, completion('{"tags": []}'))(req, body, res), 1_500)) as Handler,
      ],
    ])('maps %s to a %i whose message the client turns into the spec text', async (_name, status, text, h) => {
      handler = h;
      const res = await analyze();
      expect(res.statusCode).toBe(status);
      expect(aiFailureText(res.json().message)).toBe(text);
    });

    it('proposes content through the model', async () => {
      handler = reply(200, completion('{"content": "Michael and I married in Boston.", "prompts": []}'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/memories/improve',
        headers: { cookie },
        payload: { title: 'Wedding', content: 'michael and i married in boston' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ content: 'Michael and I married in Boston.', prompts: [] });
    });
  });
});
