import type { Env } from '../env';
import { createBuiltinProvider } from './builtin-provider';
import { createOpenAiProvider } from './openai-provider';
import type { AiProvider } from './provider';

/** The model server when AI_BASE_URL and AI_MODEL are set, else the offline analysis. */
export function createAiProvider(env: Pick<Env, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY' | 'AI_TIMEOUT_MS'>): AiProvider {
  if (env.AI_BASE_URL && env.AI_MODEL) {
    return createOpenAiProvider({
      baseUrl: env.AI_BASE_URL,
      model: env.AI_MODEL,
      apiKey: env.AI_API_KEY || undefined,
      timeoutMs: env.AI_TIMEOUT_MS,
    });
  }
  return createBuiltinProvider();
}
