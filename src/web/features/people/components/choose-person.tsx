import { useState, type FormEvent } from 'react';
import type { Face } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useSetFace } from '../faces-api';
import { PersonCombobox, type PersonChoice } from '@web/components/person-combobox';
import { toastWords } from '../toast-messages';

/**
 * Who a face is: any of the owner's people, found by typing part of their name or picked by their face when
 * they have no name yet, or a new name (which becomes a person). Used for a face just drawn and for moving a
 * face to someone else.
 */
export function ChoosePerson({ face, onDone }: { face: Face; onDone: () => void }) {
  const intl = useIntl();
  const setFace = useSetFace();
  const [choice, setChoice] = useState<PersonChoice | null>(null);
  const typed = choice && 'name' in choice ? choice.name.trim() : '';
  const ready = (choice && 'person' in choice) || typed !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || !ready) return;
    // a typed name is the owner's person of that name (letter case aside), or a new one
    const patch = 'person' in choice ? { faceId: face.id, personId: choice.person.id } : { faceId: face.id, name: typed };
    const who = 'person' in choice ? choice.person.name : typed;
    setFace.mutate(patch, {
      onSuccess: () => {
        toast({
          title: intl.formatMessage({ id: 'people.choose.saved', defaultMessage: 'Saved' }),
          description:
            who === null
              ? intl.formatMessage({ id: 'people.choose.isThatPerson', defaultMessage: 'This face is that person.' })
              : intl.formatMessage({ id: 'people.choose.isNamed', defaultMessage: 'This face is {name}.' }, { name: who }),
        });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage(toastWords.error),
          description: errorMessage(error, intl.formatMessage(toastWords.saveFailed)),
        }),
    });
  };

  return (
    <form onSubmit={submit}>
      <PersonCombobox
        label={intl.formatMessage({ id: 'people.choose.label', defaultMessage: 'Who is this?' })}
        choice={choice}
        onChoiceChange={setChoice}
        allowNew
        autoFocus
        actions={
          <>
            <Button type="submit" size="sm" className="h-10" disabled={setFace.isPending || !ready}>
              {intl.formatMessage({ id: 'people.choose.save', defaultMessage: 'Save' })}
            </Button>
            <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onDone}>
              {intl.formatMessage({ id: 'people.choose.cancel', defaultMessage: 'Cancel' })}
            </Button>
          </>
        }
      />
    </form>
  );
}
