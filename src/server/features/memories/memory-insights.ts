// GET /api/memories/suggestions and /organize: made from the built-in story analysis (always offline, so
// they cost nothing and never fail on a model server). Reading a story takes milliseconds, so analyses are
// cached per memory version and the work yields to other requests between memories.
import type { Memory, MemoryGroup, MemoryOrganization, MemorySuggestions } from '@shared/schemas/memories';
import { tagsFromAnalysis } from '../../ai/builtin-provider';
import { analyzeStory, type StoryAnalysis } from '../../ai/story-analysis';

/** At most this many memories are read per request; the rest still group by year and location. */
const MAX_ANALYSED = 300;
const MAX_SUGGESTIONS = 50;
const MAX_GROUPS = 20;
const CACHE_MAX = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The form fills in today's date; an event date within a day of when the memory was written may just be that default. */
function looksLikeDefaultDate(memory: Memory) {
  const event = Date.parse(`${memory.eventDate}T12:00:00Z`);
  return Math.abs(event - Date.parse(memory.createdAt)) <= 1.5 * DAY_MS;
}

function addTo(groups: Map<string, { label: string; ids: number[] }>, label: string, memoryId: number) {
  const key = label.trim().toLowerCase();
  if (!key) return;
  const group = groups.get(key) ?? { label: label.trim(), ids: [] };
  if (!group.ids.includes(memoryId)) group.ids.push(memoryId);
  groups.set(key, group);
}

function largestFirst(groups: Map<string, { label: string; ids: number[] }>): MemoryGroup[] {
  return [...groups.values()]
    .sort((a, b) => b.ids.length - a.ids.length || a.label.localeCompare(b.label))
    .slice(0, MAX_GROUPS)
    .map((g) => ({ label: g.label, memoryIds: g.ids }));
}

export function createMemoryInsights() {
  const cache = new Map<string, StoryAnalysis>();

  async function analysisOf(memory: Memory): Promise<StoryAnalysis> {
    const key = `${memory.id}:${memory.updatedAt}`;
    const cached = cache.get(key);
    if (cached) return cached;
    await yieldToEventLoop();
    const analysis = analyzeStory(memory.title, memory.content);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, analysis);
    return analysis;
  }

  return {
    /** Memories missing tags, a location or a believable date, each with fixes read from its own story. */
    async suggestions(memories: Memory[]): Promise<MemorySuggestions> {
      const suggestions: MemorySuggestions['suggestions'] = [];
      let analysed = 0;
      for (const memory of memories) {
        const maybeMissing = memory.tags.length === 0 || !memory.location || looksLikeDefaultDate(memory);
        if (!maybeMissing) continue;
        if (analysed++ >= MAX_ANALYSED || suggestions.length >= MAX_SUGGESTIONS) break;
        const analysis = await analysisOf(memory);
        const missing: Array<'tags' | 'location' | 'eventDate'> = [];
        const proposed = { tags: [] as string[], location: null as string | null, eventDate: null as string | null };
        if (memory.tags.length === 0) {
          missing.push('tags');
          proposed.tags = tagsFromAnalysis(analysis, [], 6);
        }
        if (!memory.location) {
          missing.push('location');
          proposed.location = analysis.places[0] ?? null;
        }
        if (looksLikeDefaultDate(memory) && analysis.date && analysis.date !== memory.eventDate) {
          missing.push('eventDate');
          proposed.eventDate = analysis.date;
        }
        if (missing.length > 0) suggestions.push({ memoryId: memory.id, title: memory.title, missing, proposed });
      }
      return { suggestions };
    },

    /** Ways to group the memories: by year of the event, by place, by the people in them and by occasion. */
    async organize(memories: Memory[]): Promise<MemoryOrganization> {
      const years = new Map<string, { label: string; ids: number[] }>();
      const places = new Map<string, { label: string; ids: number[] }>();
      const people = new Map<string, { label: string; ids: number[] }>();
      const themes = new Map<string, { label: string; ids: number[] }>();
      let analysed = 0;
      for (const memory of memories) {
        addTo(years, memory.eventDate.slice(0, 4), memory.id);
        if (memory.location) addTo(places, memory.location, memory.id);
        if (analysed++ >= MAX_ANALYSED) continue;
        const analysis = await analysisOf(memory);
        // The first place named is where it happened; the rest are often only mentioned.
        if (!memory.location && analysis.places[0]) addTo(places, analysis.places[0], memory.id);
        for (const person of analysis.people) addTo(people, person, memory.id);
        for (const event of analysis.events) addTo(themes, event, memory.id);
      }
      return {
        years: [...years.values()].sort((a, b) => b.label.localeCompare(a.label)).map((g) => ({ label: g.label, memoryIds: g.ids })),
        places: largestFirst(places),
        people: largestFirst(people),
        themes: largestFirst(themes),
      };
    },
  };
}
