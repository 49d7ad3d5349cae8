import { Wand2 } from 'lucide-react';
import { useState } from 'react';
import { aiFailureText, type ImproveInput, type ImproveResult } from '@shared/schemas/memories';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useImproveContent } from '../api';

type ImproveContentProps = { input: ImproveInput; onAccept: (content: string) => void };

/** spec §2: the AI-assist button proposes replacement content, which the user may accept. */
export function ImproveContent({ input, onAccept }: ImproveContentProps) {
  const intl = useIntl();
  const improve = useImproveContent();
  const [proposal, setProposal] = useState<ImproveResult | null>(null);
  const unchanged = proposal !== null && proposal.content === input.content.trim();

  function run() {
    improve.mutate(input, {
      onSuccess: (result) => setProposal(result),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'memories.improve.failed', defaultMessage: 'Analysis failed' }),
          description: aiFailureText(error instanceof ApiError ? error.serverMessage : undefined),
        }),
    });
  }

  return (
    <>
      <Button type="button" variant="outline" size="sm" disabled={improve.isPending || input.content.trim() === ''} onClick={run}>
        {improve.isPending ? <Spinner /> : <Wand2 aria-hidden="true" />}
        {improve.isPending
          ? intl.formatMessage({ id: 'memories.improve.pending', defaultMessage: 'Improving...' })
          : intl.formatMessage({ id: 'memories.improve.button', defaultMessage: 'Improve with AI' })}
      </Button>
      <Dialog open={proposal !== null} onOpenChange={(open) => !open && setProposal(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{intl.formatMessage({ id: 'memories.improve.title', defaultMessage: 'Proposed text' })}</DialogTitle>
            <DialogDescription>
              {unchanged
                ? intl.formatMessage({ id: 'memories.improve.unchanged', defaultMessage: 'Your text already reads well.' })
                : intl.formatMessage({
                    id: 'memories.improve.changed',
                    defaultMessage: 'Tidied capitalisation, punctuation and paragraphs. Nothing is changed until you accept.',
                  })}
            </DialogDescription>
          </DialogHeader>
          {proposal && (
            <div className="grid gap-4">
              <div
                aria-label={intl.formatMessage({ id: 'memories.improve.proposed', defaultMessage: 'Proposed content' })}
                className="max-h-80 overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap"
              >
                {proposal.content}
              </div>
              {proposal.prompts.length > 0 && (
                <div>
                  <h4 className="mb-1 text-sm font-medium">
                    {intl.formatMessage({ id: 'memories.improve.prompts', defaultMessage: 'To bring it to life, you could add:' })}
                  </h4>
                  <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
                    {proposal.prompts.map((prompt) => (
                      <li key={prompt}>{prompt}</li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setProposal(null)}>
              {intl.formatMessage({ id: 'memories.improve.keep', defaultMessage: 'Keep my text' })}
            </Button>
            <Button
              type="button"
              disabled={unchanged}
              onClick={() => {
                if (proposal) onAccept(proposal.content);
                setProposal(null);
              }}
            >
              {intl.formatMessage({ id: 'memories.improve.use', defaultMessage: 'Use this text' })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
