// One interface for the two ways heirloom can help write memories: the built-in offline analysis
// (default) and any OpenAI-compatible chat-completions server (OpenAI, Ollama, llama.cpp).
import type { ImproveResult } from '@shared/schemas/memories';

export interface TagRequest {
  title: string;
  content: string;
  /** Tags the memory already has; never suggested again. */
  existingTags: string[];
}

export interface ImproveRequest {
  title?: string;
  content: string;
  location?: string | null;
  eventDate?: string | null;
}

export interface AiProvider {
  readonly name: 'builtin' | 'openai-compatible';
  suggestTags(request: TagRequest): Promise<string[]>;
  improveContent(request: ImproveRequest): Promise<ImproveResult>;
}

/**
 * What went wrong, in words the client can map to spec §8: a message mentioning "API" or "key" becomes
 * 'Service temporarily unavailable…', one mentioning "format" or "parse" becomes 'Unexpected response
 * format…', anything else 'Failed to generate suggestions…'.
 */
export type AiErrorKind = 'unavailable' | 'format' | 'failed';

export class AiError extends Error {
  constructor(
    readonly kind: AiErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiError';
  }
}

export const MAX_SUGGESTED_TAGS = 10;
