import { useState } from 'react';
import type { Person } from '@shared/schemas/people';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useMergePerson, useUpdatePerson } from '../api';
import { toastWords } from '../toast-messages';
import { ContactCombobox } from './contact-combobox';
import { PersonCombobox, type PersonChoice } from '@web/components/person-combobox';

const fail = (error: unknown) =>
  toast({
    variant: 'destructive',
    title: activeIntl().formatMessage(toastWords.error),
    description: errorMessage(error, activeIntl().formatMessage(toastWords.saveFailed)),
  });

/** A person named by one of the owner's contacts (family or friend): the contact's name, and later their details. */
export function ContactLink({ person }: { person: Person }) {
  const intl = useIntl();
  const update = useUpdatePerson(person.id);
  return (
    <ContactCombobox
      contactId={person.contactId}
      disabled={update.isPending}
      onPick={(contactId) =>
        update.mutate(
          { contactId },
          {
            onSuccess: () => toast({ title: intl.formatMessage({ id: 'people.links.contactSaved', defaultMessage: 'Contact saved' }) }),
            onError: fail,
          },
        )
      }
    />
  );
}

/**
 * Two groups of faces that are one person: this one joins the one chosen, with its faces and name. Any of the
 * owner's people can be chosen, named (found by typing) or not (picked by their face).
 */
export function MergeInto({ person, onMerged }: { person: Person; onMerged: (intoId: number) => void }) {
  const intl = useIntl();
  const merge = useMergePerson(person.id);
  const [choice, setChoice] = useState<PersonChoice | null>(null);
  const into = choice && 'person' in choice ? choice.person : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!into) return;
        merge.mutate(into.id, {
          onSuccess: (merged) => {
            toast({
              title: intl.formatMessage({ id: 'people.links.merged', defaultMessage: 'People merged' }),
              description:
                merged.name === null
                  ? intl.formatMessage({ id: 'people.links.mergedUnnamed', defaultMessage: "Their photos are now one person's." })
                  : intl.formatMessage(
                      { id: 'people.links.mergedNamed', defaultMessage: "Their photos are now {name}'s." },
                      { name: merged.name },
                    ),
            });
            onMerged(merged.id);
          },
          onError: fail,
        });
      }}
    >
      <PersonCombobox
        label={intl.formatMessage({ id: 'people.links.sameAs', defaultMessage: 'The same person as' })}
        choice={choice}
        onChoiceChange={setChoice}
        excludeId={person.id}
        actions={
          <Button type="submit" variant="outline" disabled={!into || merge.isPending}>
            {intl.formatMessage({ id: 'people.links.merge', defaultMessage: 'Merge' })}
          </Button>
        }
      />
    </form>
  );
}
