import { Check, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { aiFailureText } from '@shared/schemas/memories';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useAnalyzeMemory } from '../api';

type TagSuggestionsProps = { title: string; content: string; tags: string[]; onAccept: (tag: string) => void };

/**
 * spec §2/§4/§8: 'Get AI suggestions' (disabled while analysing or with no content) opens 'Memory Suggestions';
 * accepting a tag applies it and closes the dialog; dismissing a tag removes it from the list.
 */
export function TagSuggestions({ title, content, tags, onAccept }: TagSuggestionsProps) {
  const intl = useIntl();
  const analysisFailed = intl.formatMessage({ id: 'memories.improve.failed', defaultMessage: 'Analysis failed' });
  const analyze = useAnalyzeMemory();
  const [open, setOpen] = useState(false);
  const [suggested, setSuggested] = useState<string[]>([]);

  function run() {
    if (!title.trim() || !content.trim()) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'memories.suggest.missingTitle', defaultMessage: 'Missing content' }),
        description: intl.formatMessage({
          id: 'memories.suggest.missingText',
          defaultMessage: 'Please provide both a title and content for the memory.',
        }),
      });
      return;
    }
    analyze.mutate(
      { title, description: content, existingTags: tags },
      {
        onSuccess: (result) => {
          // spec §8: a response with no tags is an error
          if (!result || !Array.isArray(result.tags)) {
            toast({ variant: 'destructive', title: analysisFailed, description: aiFailureText(undefined) });
            return;
          }
          if (result.tags.length === 0) {
            toast({
              title: intl.formatMessage({ id: 'memories.suggest.noneTitle', defaultMessage: 'No suggestions available' }),
              description: intl.formatMessage({
                id: 'memories.suggest.noneText',
                defaultMessage: 'Try adding more specific details to your memory.',
              }),
            });
          }
          setSuggested(result.tags);
          setOpen(true);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: analysisFailed,
            description: aiFailureText(error instanceof ApiError ? error.serverMessage : undefined),
          }),
      },
    );
  }

  function accept(tag: string) {
    onAccept(tag);
    setOpen(false);
    toast({
      title: intl.formatMessage({ id: 'memories.suggest.successTitle', defaultMessage: 'Success' }),
      description: intl.formatMessage({ id: 'memories.suggest.applied', defaultMessage: 'Suggestion has been applied to your memory.' }),
    });
  }

  function dismiss(tag: string) {
    const rest = suggested.filter((t) => t !== tag);
    setSuggested(rest);
    if (rest.length === 0) setOpen(false);
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="icon"
        title={intl.formatMessage({ id: 'memories.suggest.button', defaultMessage: 'Get AI suggestions' })}
        aria-label={intl.formatMessage({ id: 'memories.suggest.button', defaultMessage: 'Get AI suggestions' })}
        disabled={analyze.isPending || content.trim() === ''}
        onClick={run}
      >
        {analyze.isPending ? (
          <Spinner label={intl.formatMessage({ id: 'memories.suggest.analysing', defaultMessage: 'Analysing' })} className="size-4" />
        ) : (
          <Sparkles aria-hidden="true" />
        )}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{intl.formatMessage({ id: 'memories.suggest.title', defaultMessage: 'Memory Suggestions' })}</DialogTitle>
            <DialogDescription>
              {intl.formatMessage({
                id: 'memories.suggest.description',
                defaultMessage: 'Tags read from your memory. Accept one to add it.',
              })}
            </DialogDescription>
          </DialogHeader>
          {suggested.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {intl.formatMessage({
                id: 'memories.suggest.none',
                defaultMessage: 'No suggestions available. Try adding more details to your memory.',
              })}
            </p>
          ) : (
            <ul aria-label={intl.formatMessage({ id: 'memories.suggest.list', defaultMessage: 'Suggested tags' })} className="grid gap-2">
              {suggested.map((tag) => (
                <li key={tag} className="flex items-center gap-2 rounded-md border px-3 py-2">
                  <span className="flex-1 font-medium">{tag}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8 text-primary"
                    aria-label={intl.formatMessage({ id: 'memories.suggest.accept', defaultMessage: 'Accept tag {tag}' }, { tag })}
                    onClick={() => accept(tag)}
                  >
                    <Check aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={intl.formatMessage({ id: 'memories.suggest.dismiss', defaultMessage: 'Dismiss tag {tag}' }, { tag })}
                    onClick={() => dismiss(tag)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
