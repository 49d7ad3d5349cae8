// A person of the photos in the family tree, among the links of their page (issue 30: "a person in the photos is a person in the tree"): their
// place and the owner's word for them, or the one click that puts them there — joined to the tree person already
// made for their contact, else a new person with their name.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Person } from '@shared/schemas/people';
import type { Page } from '@shared/schemas/paging';
import type { RelationToMe, TreePerson } from '@shared/schemas/tree';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { api, errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { queryKeys } from '@web/lib/query-keys';
import { relationInWords } from '../relation-label';

interface InTheTreeProps {
  /** The person of the photos (/people/:id). */
  personId: number;
  treeHref: (treePersonId: number) => string;
  treePersonHref: (treePersonId: number) => string;
}

const linkClass = 'inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline';

const firstOf = async (query: string) => (await api.get<Page<TreePerson>>(`/api/tree/persons?${query}`)).items[0] ?? null;

/** "Rose Anna Martin" → given names "Rose Anna", surname "Martin"; one word is a given name. */
export function splitName(name: string): { givenNames: string; surname: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenNames: words[0] ?? '', surname: '' };
  return { givenNames: words.slice(0, -1).join(' '), surname: words[words.length - 1]! };
}

export function InTheTree({ personId, treeHref, treePersonHref }: InTheTreeProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const person = useQuery({ queryKey: queryKeys.people.detail(personId), queryFn: () => api.get<Person>(`/api/people/${personId}`) });
  const inTree = useQuery({ queryKey: queryKeys.tree.byPhotosPerson(personId), queryFn: () => firstOf(`personId=${personId}`) });
  const treeId = inTree.data?.id;
  const relation = useQuery({
    queryKey: queryKeys.tree.relationToMe(treeId ?? 0),
    enabled: treeId !== undefined,
    queryFn: () => api.get<RelationToMe>(`/api/tree/persons/${treeId}/relation-to-me`),
  });
  const add = useMutation({
    mutationFn: async (seen: Person) => {
      const ofContact = seen.contactId === null ? null : await firstOf(`contactId=${seen.contactId}`);
      if (ofContact) return api.patch<TreePerson>(`/api/tree/persons/${ofContact.id}`, { personId: seen.id });
      return api.post<TreePerson>('/api/tree/persons', {
        ...splitName(seen.name ?? ''),
        personId: seen.id,
        ...(seen.contactId === null ? {} : { contactId: seen.contactId }),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tree.all }),
  });

  const groupLabel = intl.formatMessage({ id: 'tree.inTree.label', defaultMessage: 'In the family tree' });
  if (!person.data || inTree.isPending) return null;
  if (inTree.data) {
    const word = relation.data?.label;
    return (
      <span role="group" aria-label={groupLabel} className="inline-flex flex-wrap items-center gap-x-4">
        <span>
          {word && word !== 'you'
            ? intl.formatMessage(
                { id: 'tree.inTree.relation', defaultMessage: 'In the family tree: {relation}' },
                { relation: relationInWords(word, inTree.data.sex) },
              )
            : groupLabel}
        </span>
        <Link to={treeHref(inTree.data.id)} className={linkClass}>
          {intl.formatMessage({ id: 'tree.inTree.show', defaultMessage: 'Show in the tree' })}
        </Link>
        <Link to={treePersonHref(inTree.data.id)} className={linkClass}>
          {intl.formatMessage({ id: 'tree.inTree.familyAndDates', defaultMessage: 'Family and dates' })}
        </Link>
      </span>
    );
  }
  const seen = person.data;
  if (!seen.name && seen.contactId === null) return null; // a name first: the tree has no one called "Someone"
  return (
    <span role="group" aria-label={groupLabel}>
      <Button
        variant="outline"
        className="min-h-11"
        disabled={add.isPending}
        onClick={() =>
          void add
            .mutateAsync(seen)
            .then(() => toast({ title: intl.formatMessage({ id: 'tree.inTree.added', defaultMessage: 'Added to the family tree' }) }))
            .catch((err: unknown) =>
              toast({
                title: intl.formatMessage({ id: 'tree.inTree.failed', defaultMessage: 'Could not add them to the tree' }),
                description: errorMessage(err, intl.formatMessage({ id: 'tree.error', defaultMessage: 'An error occurred' })),
                variant: 'destructive',
              }),
            )
        }
      >
        {intl.formatMessage({ id: 'tree.inTree.add', defaultMessage: 'Add to the family tree' })}
      </Button>
    </span>
  );
}
