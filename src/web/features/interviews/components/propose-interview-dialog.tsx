import { MessageCirclePlus } from 'lucide-react';
import { useState } from 'react';
import type { ProposalOwner } from '@shared/schemas/interviews';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { ProposeInterviewForm } from './propose-interview-form';
import { useIntl } from '@web/lib/i18n/use-intl';

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
        <ProposeInterviewForm owners={owners} onProposed={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
