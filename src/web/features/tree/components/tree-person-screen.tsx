import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Trash2, Unlink } from 'lucide-react';
import type { TreePerson } from '@shared/schemas/tree';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { compareNames } from '@web/lib/collator';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { translateText } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useDeleteTreePerson, useDeleteTreeRelation, useRelationToMe, useTreePerson, useTreePersonRelations } from '../api';
import { personName, yearsOf } from '../person-words';
import { relationInWords } from '../relation-label';
import { groupRelatives, type Relative, type RelativeGroups } from '../relatives';
import { treeDateWords } from '../tree-date-words';
import { AddRelativeDialog } from './add-relative-dialog';
import { EditPersonDialog } from './edit-person-dialog';
import { TreeFace } from './tree-card';

type TreePersonScreenProps = {
  id: number;
  notFound: ReactNode;
  personHref: (id: number) => string;
  treeHref: (root?: number) => string;
  /** Their page among the people of the photos. */
  photosHref: (personId: number) => string;
  onDeleted: () => void;
};

const messages = defineMessages({
  error: { id: 'tree.error', defaultMessage: 'An error occurred' },
  tryAgain: { id: 'tree.screen.tryAgain', defaultMessage: 'Try again' },
});

const linkClass = 'inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline';

/** /family/tree/person/:id: one person of the tree, how they are related to the viewer, their family, and editing. */
export function TreePersonScreen({ id, notFound, personHref, treeHref, photosHref, onDeleted }: TreePersonScreenProps) {
  const intl = useIntl();
  const person = useTreePerson(id);
  const relations = useTreePersonRelations(id);
  if (person.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={intl.formatMessage({ id: 'tree.person.loading', defaultMessage: 'Loading' })} />
      </div>
    );
  if (person.isError) {
    if (person.error instanceof ApiError && person.error.status === 404) return notFound;
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
        <p className="font-medium">
          {intl.formatMessage({ id: 'tree.person.failed', defaultMessage: 'This person could not be loaded.' })}
        </p>
        <Button variant="outline" className="mt-4" onClick={() => person.refetch()}>
          {intl.formatMessage(messages.tryAgain)}
        </Button>
      </div>
    );
  }
  const groups = relations.data ? groupRelatives(id, relations.data) : null;
  return (
    <div className="grid gap-6">
      <title>
        {intl.formatMessage(
          { id: 'tree.person.pageTitle', defaultMessage: '{name} · Family tree · heirloom' },
          { name: personName(person.data) },
        )}
      </title>
      <Link to={treeHref()} className={`${linkClass} w-fit gap-2`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {intl.formatMessage({ id: 'tree.person.back', defaultMessage: 'Back to the tree' })}
      </Link>
      <PersonHeader person={person.data} personHref={personHref} />
      <div className="flex flex-wrap gap-2">
        <Button asChild className="min-h-11">
          <Link to={treeHref(id)}>{intl.formatMessage({ id: 'tree.person.centre', defaultMessage: 'Centre the tree on them' })}</Link>
        </Button>
        {person.data.personId !== null && (
          <Button asChild variant="outline" className="min-h-11">
            <Link to={photosHref(person.data.personId)}>
              {intl.formatMessage({ id: 'tree.person.photos', defaultMessage: 'Their photos' })}
            </Link>
          </Button>
        )}
        <EditPersonDialog person={person.data} />
        {!person.data.isOwner && <DeletePerson person={person.data} onDeleted={onDeleted} />}
      </div>
      <Details person={person.data} />
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-xl">
            {intl.formatMessage({ id: 'tree.person.family', defaultMessage: 'Family' })}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          {groups ? (
            <>
              <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
                {(['parent', 'child', 'partner', 'sibling'] as const).map((kind) => (
                  <AddRelativeDialog key={kind} kind={kind} person={person.data} groups={groups} />
                ))}
              </div>
              <RelativeLists groups={groups} personHref={personHref} />
            </>
          ) : relations.isError ? (
            <p role="alert">
              {intl.formatMessage({ id: 'tree.person.familyFailed', defaultMessage: 'Their family could not be loaded.' })}
            </p>
          ) : (
            <Spinner label={intl.formatMessage({ id: 'tree.person.loadingFamily', defaultMessage: 'Loading their family' })} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PersonHeader({ person, personHref }: { person: TreePerson; personHref: (id: number) => string }) {
  const intl = useIntl();
  const relation = useRelationToMe(person.id);
  const [showPath, setShowPath] = useState(false);
  const years = yearsOf(person);
  const label = person.isOwner
    ? intl.formatMessage({ id: 'tree.person.thisIsYou', defaultMessage: 'This is you' })
    : relation.data?.label && relationInWords(relation.data.label, person.sex);
  const path = relation.data?.path ?? [];
  return (
    <div className="flex items-start gap-4">
      <TreeFace person={person} className="size-20 text-2xl" />
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold break-words sm:text-3xl">{personName(person)}</h1>
        {years && <p className="text-muted-foreground">{years}</p>}
        {label ? (
          <p className="flex flex-wrap items-center gap-x-2 text-lg text-primary">
            <span>{label}</span>
            {!person.isOwner && path.length > 1 && (
              <Button variant="link" className="h-11 px-1" aria-expanded={showPath} onClick={() => setShowPath(!showPath)}>
                {intl.formatMessage({ id: 'tree.person.how', defaultMessage: 'How?' })}
              </Button>
            )}
          </p>
        ) : (
          relation.isSuccess && (
            <p className="text-muted-foreground">
              {intl.formatMessage({ id: 'tree.person.notRelated', defaultMessage: 'Not related to you through the tree yet.' })}
            </p>
          )
        )}
        {showPath && (
          <ol
            aria-label={intl.formatMessage({ id: 'tree.person.howRelated', defaultMessage: 'How you are related' })}
            className="mt-1 grid gap-1 border-l-2 border-primary/40 pl-3 text-sm"
          >
            {path[0]?.step && <li>{intl.formatMessage({ id: 'tree.person.you', defaultMessage: 'You' })}</li>}
            {path.map((step, i) => (
              <li key={`${step.personId}-${i}`}>
                <PathPerson id={step.personId} personHref={personHref} />
                {step.step && (
                  <span className="text-muted-foreground">
                    {' '}
                    — {step.step in STEP_WORDS ? intl.formatMessage(STEP_WORDS[step.step as keyof typeof STEP_WORDS]) : step.step}
                  </span>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

const STEP_WORDS = defineMessages({
  parent: { id: 'tree.person.step.parent', defaultMessage: 'parent' },
  child: { id: 'tree.person.step.child', defaultMessage: 'child' },
  partner: { id: 'tree.person.step.partner', defaultMessage: 'partner' },
});

/** A person named on the "how?" path (their details are usually cached already). */
function PathPerson({ id, personHref }: { id: number; personHref: (id: number) => string }) {
  const intl = useIntl();
  const person = useTreePerson(id);
  const name = person.data ? personName(person.data) : '…';
  return (
    <Link to={personHref(id)} className="font-medium underline-offset-4 hover:underline">
      {person.data?.isOwner ? intl.formatMessage({ id: 'tree.person.youNamed', defaultMessage: 'You ({name})' }, { name }) : name}
    </Link>
  );
}

const EVENT_WORDS = defineMessages({
  dateAndPlace: { id: 'tree.person.event.dateAndPlace', defaultMessage: '{date} in {place}' },
  place: { id: 'tree.person.event.place', defaultMessage: 'in {place}' },
  unknown: { id: 'tree.person.event.unknown', defaultMessage: 'Date not known' },
});

function eventWords(intl: ReturnType<typeof useIntl>, event: { date: string | null; place: string | null } | null) {
  if (!event) return null;
  const date = event.date ? treeDateWords(event.date) : null;
  if (date && event.place) return intl.formatMessage(EVENT_WORDS.dateAndPlace, { date, place: event.place });
  if (event.place) return intl.formatMessage(EVENT_WORDS.place, { place: event.place });
  return date || intl.formatMessage(EVENT_WORDS.unknown);
}

function Details({ person }: { person: TreePerson }) {
  const intl = useIntl();
  const rows: [string, string | null][] = [
    [
      intl.formatMessage({ id: 'tree.person.born', defaultMessage: 'Born' }),
      person.birth.date || person.birth.place ? eventWords(intl, person.birth) : null,
    ],
    [intl.formatMessage({ id: 'tree.person.died', defaultMessage: 'Died' }), eventWords(intl, person.death)],
    [intl.formatMessage({ id: 'tree.person.birthSurname', defaultMessage: 'Surname at birth' }), person.birthSurname],
    [intl.formatMessage({ id: 'tree.person.gender', defaultMessage: 'Gender' }), person.gender],
  ];
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  if (shown.length === 0 && !person.note && person.warnings.length === 0) return null;
  return (
    <div className="grid gap-3">
      {shown.length > 0 && (
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {shown.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm text-muted-foreground">{term}</dt>
              <dd className="mb-2 sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {person.note && <p className="whitespace-pre-line">{person.note}</p>}
      {person.warnings.length > 0 && (
        <ul
          aria-label={intl.formatMessage({ id: 'tree.person.datesToCheck', defaultMessage: 'Dates to check' })}
          className="grid gap-1 rounded-lg border border-amber-500/40 bg-amber-50 p-3 text-sm dark:bg-amber-950/30"
        >
          {person.warnings.map((warning) => (
            <li key={warning}>{translateText(warning)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

const TYPE_WORDS = defineMessages({
  married: { id: 'tree.person.type.married', defaultMessage: 'married' },
  adoptive: { id: 'tree.person.type.adoptive', defaultMessage: 'adoptive' },
  step: { id: 'tree.person.type.step', defaultMessage: 'step' },
  foster: { id: 'tree.person.type.foster', defaultMessage: 'foster' },
});
const hasTypeWord = (type: string): type is keyof typeof TYPE_WORDS => type in TYPE_WORDS;

const byName = (a: Relative, b: Relative) => compareNames(personName(a.person), personName(b.person));

function RelativeLists({ groups, personHref }: { groups: RelativeGroups; personHref: (id: number) => string }) {
  const intl = useIntl();
  const lists: [string, Relative[]][] = [
    [intl.formatMessage({ id: 'tree.person.list.parents', defaultMessage: 'Parents' }), groups.parents],
    [intl.formatMessage({ id: 'tree.person.list.partners', defaultMessage: 'Partners' }), groups.partners],
    [intl.formatMessage({ id: 'tree.person.list.children', defaultMessage: 'Children' }), groups.children],
    [intl.formatMessage({ id: 'tree.person.list.siblings', defaultMessage: 'Brothers and sisters' }), groups.siblings],
    // the rest of the family in no order of its own: by name, the reader's way
    [intl.formatMessage({ id: 'tree.person.list.others', defaultMessage: 'Other relatives' }), [...groups.others].sort(byName)],
  ];
  const shown = lists.filter(([, list]) => list.length > 0);
  if (shown.length === 0)
    return (
      <p className="text-muted-foreground">
        {intl.formatMessage({ id: 'tree.person.noRelatives', defaultMessage: 'No relatives in the tree yet.' })}
      </p>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {shown.map(([title, list]) => (
        <section key={title} aria-label={title}>
          <h3 className="mb-1 font-medium">{title}</h3>
          <ul className="grid gap-1">
            {list.map((relative) => (
              <RelativeItem key={relative.person.id} relative={relative} personHref={personHref} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function RelativeItem({ relative, personHref }: { relative: Relative; personHref: (id: number) => string }) {
  const intl = useIntl();
  const unlink = useDeleteTreeRelation();
  const [asking, setAsking] = useState(false);
  const { person, relation } = relative;
  const type = relation && hasTypeWord(relation.type) ? intl.formatMessage(TYPE_WORDS[relation.type]) : null;
  const name = personName(person);
  return (
    <li className="flex items-center justify-between gap-2">
      <Link to={personHref(person.id)} className="flex min-h-11 min-w-0 items-center gap-2 underline-offset-4 hover:underline">
        <TreeFace person={person} className="size-8 text-xs" />
        <span className="min-w-0 truncate">
          {name}
          {type && <span className="text-muted-foreground"> ({type})</span>}
          <span className="ml-2 text-sm text-muted-foreground">{yearsOf(person)}</span>
        </span>
      </Link>
      {relation && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="size-11"
              aria-label={intl.formatMessage({ id: 'tree.person.unlinkLabel', defaultMessage: 'Remove the link to {name}' }, { name })}
            >
              <Unlink aria-hidden="true" />
            </Button>
          }
          title={intl.formatMessage({ id: 'tree.person.unlinkTitle', defaultMessage: 'Remove this link' })}
          text={intl.formatMessage(
            { id: 'tree.person.unlinkText', defaultMessage: '{name} stays in the tree; only this link goes.' },
            { name },
          )}
          confirmLabel={intl.formatMessage({ id: 'tree.person.unlinkConfirm', defaultMessage: 'Remove' })}
          onConfirm={() =>
            unlink.mutate(relation.id, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'tree.person.unlinkFailed', defaultMessage: 'Could not remove the link' }),
                  description: errorMessage(error, intl.formatMessage(messages.error)),
                }),
            })
          }
        />
      )}
    </li>
  );
}

function DeletePerson({ person, onDeleted }: { person: TreePerson; onDeleted: () => void }) {
  const intl = useIntl();
  const remove = useDeleteTreePerson();
  const name = personName(person);
  const deleteWord = intl.formatMessage({ id: 'tree.person.delete', defaultMessage: 'Delete' });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="min-h-11">
          <Trash2 aria-hidden="true" />
          {deleteWord}
        </Button>
      }
      title={intl.formatMessage({ id: 'tree.person.deleteTitle', defaultMessage: 'Delete from the tree' })}
      text={intl.formatMessage(
        {
          id: 'tree.person.deleteText',
          defaultMessage: 'Delete {name} and their links from your family tree? Their photos and contact card stay. This cannot be undone.',
        },
        { name },
      )}
      confirmLabel={deleteWord}
      onConfirm={() =>
        remove.mutate(person.id, {
          onSuccess: () => {
            toast({ title: intl.formatMessage({ id: 'tree.person.deleted', defaultMessage: '{name} deleted from the tree' }, { name }) });
            onDeleted();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: intl.formatMessage({ id: 'tree.person.deleteFailed', defaultMessage: 'Could not delete' }),
              description: errorMessage(error, intl.formatMessage(messages.error)),
            }),
        })
      }
    />
  );
}
