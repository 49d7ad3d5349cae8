// Any OpenAI-compatible chat-completions server (OpenAI, Ollama, llama.cpp's llama-server): AI_BASE_URL
// is the API root that ends before '/chat/completions', e.g. https://api.openai.com/v1 or
// http://127.0.0.1:11434/v1. The answer must be JSON of a known shape; anything else is a format error.
import { z } from 'zod';
import { MAX_TAG_LENGTH, normalizeTags, type ImproveResult } from '@shared/schemas/memories';
import { AiError, MAX_SUGGESTED_TAGS, type AiProvider } from './provider';

export interface OpenAiOptions {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

const MAX_ANSWER_BYTES = 1024 * 1024;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});
const tagsAnswerSchema = z.object({ tags: z.array(z.string()) });
const improveAnswerSchema = z.object({
  content: z.string().trim().min(1),
  prompts: z.array(z.string()).optional(),
});

const TAGS_SYSTEM = [
  'You help people label memories in their family archive.',
  'Reply with JSON only, exactly of the form {"tags": ["..."]}.',
  `Suggest up to ${MAX_SUGGESTED_TAGS} short tags (one to three words each, Title Case): the people named, the places,`,
  'the kind of event (for example Wedding, Birth, Graduation, Christmas), the year or season, and the main topics.',
  'Use only what the text says; never invent names or details. Do not repeat the existing tags.',
].join(' ');

const IMPROVE_SYSTEM = [
  'You are a gentle editor of family stories.',
  'Improve the capitalisation, punctuation and paragraphs of the memory without changing its meaning, voice or facts;',
  'never add events, names or details that are not in it. Keep it in the first person if it is written that way.',
  'Reply with JSON only, exactly of the form {"content": "the improved text", "prompts": ["..."]},',
  'where prompts are up to three short, kind questions about details the story leaves out',
  '(who was there, where and when it happened). Use an empty list when nothing is missing.',
].join(' ');

/** Models often wrap JSON in a Markdown fence even when asked not to. */
function unfence(text: string) {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return fenced ? fenced[1]! : text.trim();
}

export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function complete<T>(system: string, user: string, answerSchema: z.ZodType<T>): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiError('unavailable', 'The AI service did not answer in time (API timeout).', { cause: err });
      }
      throw new AiError('unavailable', 'The AI service API could not be reached.', { cause: err });
    }

    let body: string;
    try {
      body = await res.text();
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new AiError('unavailable', 'The AI service did not answer in time (API timeout).', { cause: err });
      }
      throw new AiError('unavailable', 'The AI service API connection was lost.', { cause: err });
    }

    if (!res.ok) {
      if (res.status === 401 || res.status === 403) throw new AiError('unavailable', 'The AI service refused the API key.');
      if (res.status === 429) throw new AiError('unavailable', 'The AI service API is over its rate limit.');
      if (res.status === 404) throw new AiError('unavailable', 'The AI service API does not know this model or address.');
      if (res.status >= 500) throw new AiError('unavailable', 'The AI service API is not available right now.');
      throw new AiError('failed', `The AI service could not handle this memory (status ${res.status}).`);
    }
    if (body.length > MAX_ANSWER_BYTES) throw new AiError('format', 'The AI answer was too long to parse.');

    try {
      const completion = completionSchema.parse(JSON.parse(body));
      return answerSchema.parse(JSON.parse(unfence(completion.choices[0]!.message.content)));
    } catch (err) {
      throw new AiError('format', 'Could not parse the AI answer: unexpected format.', { cause: err });
    }
  }

  return {
    name: 'openai-compatible',

    async suggestTags({ title, content, existingTags }) {
      const user = `Title: ${title}\nExisting tags: ${existingTags.join(', ') || '(none)'}\n\nMemory:\n${content}`;
      const answer = await complete(TAGS_SYSTEM, user, tagsAnswerSchema);
      const existing = new Set(existingTags.map((t) => t.trim().toLowerCase()));
      return normalizeTags(answer.tags)
        .filter((t) => t.length <= MAX_TAG_LENGTH && !existing.has(t.toLowerCase()))
        .slice(0, MAX_SUGGESTED_TAGS);
    },

    async improveContent({ title, content, location, eventDate }): Promise<ImproveResult> {
      const context = [title && `Title: ${title}`, location && `Location: ${location}`, eventDate && `Date: ${eventDate}`]
        .filter(Boolean)
        .join('\n');
      const answer = await complete(IMPROVE_SYSTEM, `${context}\n\nMemory:\n${content}`.trim(), improveAnswerSchema);
      return {
        content: answer.content,
        prompts: (answer.prompts ?? [])
          .map((p) => p.trim())
          .filter(Boolean)
          .slice(0, 3),
      };
    },
  };
}
