import { MessageCirclePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ProposalOwner } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { useIntl } from '@web/lib/i18n/use-intl';

// The form carries the question library (every question's words): fetched when the dialog opens, not with the
// dashboard that shows its button.
const ProposeInterviewForm = lazy(() => import('./propose-interview-form').then((m) => ({ default: m.ProposeInterviewForm })));

/** "Propose an interview": the proposal form in a dialog, closed once the proposal is made. */
export function ProposeInterviewDialog({ owners }: { owners: ProposalOwner[] }) {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <MessageCirclePlus aria-hidden="true" />
          {intl.formatMessage({ id: 'interviews.propose.open', defaultMessage: 'Propose an interview' })}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{intl.formatMessage({ id: 'interviews.propose.open', defaultMessage: 'Propose an interview' })}</DialogTitle>
          <DialogDescription>
            {intl.formatMessage({
              id: 'interviews.propose.description',
              defaultMessage: 'Choose whom to ask and which questions. The interview starts once it is approved.',
            })}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={null}>
          <ProposeInterviewForm owners={owners} onProposed={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
