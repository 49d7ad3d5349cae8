import { Lightbulb, Shapes } from 'lucide-react';
import type { Memory, MemoryGroup, MemoryOrganization, MemorySuggestions } from '@shared/schemas/memories';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { useFetchMemory, useMemoryOrganization, useMemorySuggestions, useUpdateMemory } from '../api';

const DIMENSIONS: Array<{ key: keyof MemoryOrganization; label: string }> = [
  { key: 'years', label: 'By year' },
  { key: 'places', label: 'By place' },
  { key: 'people', label: 'By person' },
  { key: 'themes', label: 'By occasion' },
];

const MISSING_LABEL = { tags: 'tags', location: 'a location', eventDate: 'its real date' } as const;

type Suggestion = MemorySuggestions['suggestions'][number];

function SuggestionItem({ suggestion, memory, onReview }: { suggestion: Suggestion; memory?: Memory; onReview: (memory: Memory) => void }) {
  const updateMemory = useUpdateMemory();
  const fetchMemory = useFetchMemory();
  const { proposed } = suggestion;

  /** The memory from the loaded pages, or by id when its page is not loaded yet. */
  async function load() {
    try {
      return memory ?? (await fetchMemory(suggestion.memoryId));
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to fetch memories') });
      return undefined;
    }
  }
  const hasFix = proposed.tags.length > 0 || proposed.location !== null || proposed.eventDate !== null;

  // mutateAsync: once applied, the suggestion leaves the list (and this item unmounts) before a callback would run.
  async function apply() {
    const memory = await load();
    if (!memory) return;
    try {
      await updateMemory.mutateAsync({
        id: memory.id,
        input: {
          title: memory.title,
          content: memory.content,
          isPublic: memory.isPublic,
          tags: proposed.tags.length > 0 ? [...memory.tags, ...proposed.tags] : memory.tags,
          location: proposed.location ?? memory.location,
          eventDate: proposed.eventDate ?? memory.eventDate,
        },
      });
      toast({ title: 'Memory Updated', description: 'Your memory has been updated successfully.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Failed to update memory') });
    }
  }

  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <p>
        <span className="font-medium">{suggestion.title}</span>{' '}
        <span className="text-muted-foreground">is missing {suggestion.missing.map((m) => MISSING_LABEL[m]).join(', ')}.</span>
      </p>
      {hasFix && (
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <span>From its story:</span>
          {proposed.tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
          {proposed.location && <Badge variant="outline">📍 {proposed.location}</Badge>}
          {proposed.eventDate && <Badge variant="outline">📅 {formatLongDate(proposed.eventDate)}</Badge>}
        </div>
      )}
      <div className="flex gap-2">
        {hasFix && (
          <Button
            size="sm"
            onClick={() => void apply()}
            disabled={updateMemory.isPending}
            aria-label={`Apply suggestions to ${suggestion.title}`}
          >
            Apply
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void load().then((loaded) => loaded && onReview(loaded))}
          aria-label={`Review ${suggestion.title}`}
        >
          Review
        </Button>
      </div>
    </li>
  );
}

type MemoryInsightsProps = {
  /** The memories loaded so far; a suggestion for another is loaded by id when used. */
  memories: Memory[];
  activeGroup: MemoryGroup | null;
  onGroupChange: (group: MemoryGroup | null) => void;
  onReview: (memory: Memory) => void;
};

/** Beyond the spec's "result not shown": details worth adding (suggestions) and ways to browse (organize). */
export function MemoryInsights({ memories, activeGroup, onGroupChange, onReview }: MemoryInsightsProps) {
  const suggestions = useMemorySuggestions();
  const organization = useMemoryOrganization();
  const byId = new Map(memories.map((m) => [m.id, m]));
  const pending = suggestions.data?.suggestions ?? [];

  return (
    <Card className="px-6 py-2">
      <Accordion type="multiple">
        <AccordionItem value="organize">
          <AccordionTrigger>
            <span className="inline-flex items-center gap-2">
              <Shapes aria-hidden="true" className="size-4" />
              Browse your memories
            </span>
          </AccordionTrigger>
          <AccordionContent className="grid gap-4">
            {organization.isPending ? (
              <p className="text-sm text-muted-foreground">Reading your memories...</p>
            ) : organization.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Could not group your memories right now.
              </p>
            ) : (
              DIMENSIONS.map(({ key, label }) =>
                organization.data[key].length === 0 ? null : (
                  <div key={key} className="grid gap-2">
                    <h4 className="text-sm font-medium">{label}</h4>
                    <div className="flex flex-wrap gap-2">
                      {organization.data[key].map((group) => {
                        const active = activeGroup?.label === group.label && activeGroup.memoryIds.join() === group.memoryIds.join();
                        return (
                          <Button
                            key={group.label}
                            size="sm"
                            variant={active ? 'default' : 'outline'}
                            aria-pressed={active}
                            onClick={() => onGroupChange(active ? null : group)}
                          >
                            {group.label} ({group.memoryIds.length})
                          </Button>
                        );
                      })}
                    </div>
                  </div>
                ),
              )
            )}
          </AccordionContent>
        </AccordionItem>
        <AccordionItem value="suggestions" className="border-b-0">
          <AccordionTrigger>
            <span className="inline-flex items-center gap-2">
              <Lightbulb aria-hidden="true" className="size-4" />
              Details to add{pending.length > 0 ? ` (${pending.length})` : ''}
            </span>
          </AccordionTrigger>
          <AccordionContent>
            {suggestions.isPending ? (
              <p className="text-sm text-muted-foreground">Reading your memories...</p>
            ) : suggestions.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Could not read your memories right now.
              </p>
            ) : pending.length === 0 ? (
              <p className="text-sm text-muted-foreground">Every memory has its tags, place and date. Well done!</p>
            ) : (
              <ul className="grid max-h-[24rem] gap-2 overflow-y-auto pr-1">
                {pending.map((s) => (
                  <SuggestionItem key={s.memoryId} suggestion={s} memory={byId.get(s.memoryId)} onReview={onReview} />
                ))}
              </ul>
            )}
          </AccordionContent>
        </AccordionItem>
      </Accordion>
    </Card>
  );
}
