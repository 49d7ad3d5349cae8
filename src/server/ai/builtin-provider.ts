// The default provider: fully offline and deterministic, built on the compromise NLP library.
import { improveStory } from './content-tidy';
import { MAX_SUGGESTED_TAGS, type AiProvider } from './provider';
import { analyzeStory, type StoryAnalysis } from './story-analysis';

/**
 * Tags in order of how much they say about a memory: what happened, who, where, when, then what it is
 * about. Anything the memory already has (any case) is left out.
 */
export function tagsFromAnalysis(analysis: StoryAnalysis, existingTags: string[], limit = MAX_SUGGESTED_TAGS): string[] {
  const candidates = [
    ...analysis.events,
    ...analysis.people,
    ...analysis.places,
    ...analysis.organizations,
    ...analysis.years.map(String),
    ...analysis.decades,
    ...analysis.seasons,
    ...(analysis.kin.length > 0 ? ['Family'] : []),
    ...analysis.topics,
  ];
  const seen = new Set(existingTags.map((t) => t.trim().toLowerCase()));
  const tags: string[] = [];
  for (const tag of candidates) {
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length >= limit) break;
  }
  return tags;
}

export function createBuiltinProvider(): AiProvider {
  return {
    name: 'builtin',
    async suggestTags({ title, content, existingTags }) {
      return tagsFromAnalysis(analyzeStory(title, content), existingTags);
    },
    async improveContent(request) {
      return improveStory(request, analyzeStory(request.title ?? '', request.content));
    },
  };
}
