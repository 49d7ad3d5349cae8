import { Lightbulb, Shapes } from 'lucide-react';
import type { Memory, MemoryGroup, MemoryOrganization, MemorySuggestions } from '@shared/schemas/memories';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@web/components/ui/accordion';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDate } from '@web/lib/format';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useFetchMemory, useMemoryOrganization, useMemorySuggestions, useUpdateMemory } from '../api';

const DIMENSION_LABELS = defineMessages({
  years: { id: 'memories.insights.byYear', defaultMessage: 'By year' },
  places: { id: 'memories.insights.byPlace', defaultMessage: 'By place' },
  people: { id: 'memories.insights.byPerson', defaultMessage: 'By person' },
  themes: { id: 'memories.insights.byOccasion', defaultMessage: 'By occasion' },
});
const DIMENSIONS = ['years', 'places', 'people', 'themes'] as const satisfies ReadonlyArray<keyof MemoryOrganization>;

const MISSING_LABEL = defineMessages({
  tags: { id: 'memories.insights.missingTags', defaultMessage: 'tags' },
  location: { id: 'memories.insights.missingLocation', defaultMessage: 'a location' },
  eventDate: { id: 'memories.insights.missingDate', defaultMessage: 'its real date' },
});

type Suggestion = MemorySuggestions['suggestions'][number];

function SuggestionItem({ suggestion, memory, onReview }: { suggestion: Suggestion; memory?: Memory; onReview: (memory: Memory) => void }) {
  const intl = useIntl();
  const errorTitle = intl.formatMessage({ id: 'memories.insights.errorTitle', defaultMessage: 'Error' });
  const updateMemory = useUpdateMemory();
  const fetchMemory = useFetchMemory();
  const { proposed } = suggestion;

  /** The memory from the loaded pages, or by id when its page is not loaded yet. */
  async function load() {
    try {
      return memory ?? (await fetchMemory(suggestion.memoryId));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: errorTitle,
        description: errorMessage(
          error,
          intl.formatMessage({ id: 'memories.screen.fetchFailed', defaultMessage: 'Failed to fetch memories' }),
        ),
      });
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
      toast({
        title: intl.formatMessage({ id: 'memories.form.updated', defaultMessage: 'Memory Updated' }),
        description: intl.formatMessage({ id: 'memories.form.updatedText', defaultMessage: 'Your memory has been updated successfully.' }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: errorTitle,
        description: errorMessage(
          error,
          intl.formatMessage({ id: 'memories.form.updateFailed', defaultMessage: 'Failed to update memory' }),
        ),
      });
    }
  }

  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <p>
        {intl.formatMessage(
          { id: 'memories.insights.missing', defaultMessage: '<strong>{title}</strong> <muted>is missing {missing}.</muted>' },
          {
            title: suggestion.title,
            missing: suggestion.missing.map((m) => intl.formatMessage(MISSING_LABEL[m])).join(', '),
            strong: (chunks) => <span className="font-medium">{chunks}</span>,
            muted: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
          },
        )}
      </p>
      {hasFix && (
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <span>{intl.formatMessage({ id: 'memories.insights.fromStory', defaultMessage: 'From its story:' })}</span>
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
            aria-label={intl.formatMessage(
              { id: 'memories.insights.applyLabel', defaultMessage: 'Apply suggestions to {title}' },
              { title: suggestion.title },
            )}
          >
            {intl.formatMessage({ id: 'memories.insights.apply', defaultMessage: 'Apply' })}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void load().then((loaded) => loaded && onReview(loaded))}
          aria-label={intl.formatMessage(
            { id: 'memories.insights.reviewLabel', defaultMessage: 'Review {title}' },
            { title: suggestion.title },
          )}
        >
          {intl.formatMessage({ id: 'memories.insights.review', defaultMessage: 'Review' })}
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
  const intl = useIntl();
  const reading = intl.formatMessage({ id: 'memories.insights.reading', defaultMessage: 'Reading your memories...' });
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
              {intl.formatMessage({ id: 'memories.insights.browse', defaultMessage: 'Browse your memories' })}
            </span>
          </AccordionTrigger>
          <AccordionContent className="grid gap-4">
            {organization.isPending ? (
              <p className="text-sm text-muted-foreground">{reading}</p>
            ) : organization.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {intl.formatMessage({ id: 'memories.insights.groupFailed', defaultMessage: 'Could not group your memories right now.' })}
              </p>
            ) : (
              DIMENSIONS.map((key) =>
                organization.data[key].length === 0 ? null : (
                  <div key={key} className="grid gap-2">
                    <h4 className="text-sm font-medium">{intl.formatMessage(DIMENSION_LABELS[key])}</h4>
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
              {pending.length > 0
                ? intl.formatMessage(
                    { id: 'memories.insights.detailsCount', defaultMessage: 'Details to add ({count})' },
                    { count: String(pending.length) },
                  )
                : intl.formatMessage({ id: 'memories.insights.details', defaultMessage: 'Details to add' })}
            </span>
          </AccordionTrigger>
          <AccordionContent>
            {suggestions.isPending ? (
              <p className="text-sm text-muted-foreground">{reading}</p>
            ) : suggestions.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {intl.formatMessage({ id: 'memories.insights.readFailed', defaultMessage: 'Could not read your memories right now.' })}
              </p>
            ) : pending.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {intl.formatMessage({
                  id: 'memories.insights.allDone',
                  defaultMessage: 'Every memory has its tags, place and date. Well done!',
                })}
              </p>
            ) : (
              <ul className="grid max-h-[24rem] gap-2 overflow-y-auto pe-1">
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
