import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Printer } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { defineMessages } from '@web/lib/i18n/define-messages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useTreeGraph, useTreePersonOfContact, type GraphPerson } from '../api';
import { layoutTree } from '../layout/tree-layout';
import { personName } from '../person-words';
import { GedcomCard } from './gedcom-card';
import { TreeCanvas } from './tree-canvas';
import { TreePoster } from './tree-poster';
import { usePrinting } from './use-printing';

type TreeScreenProps = {
  /** The person to centre on: null for the owner. */
  root: number | null;
  /** Centre on the person made for this contact (the Family page's "Show in the tree"). */
  contactId: number | null;
  personHref: (id: number) => string;
  treeHref: (root?: number) => string;
  /** Links beside the header's own actions (back to the Family page). */
  links?: ReactNode;
};

const messages = defineMessages({
  pageTitle: { id: 'tree.screen.pageTitle', defaultMessage: 'Family tree · heirloom' },
  title: { id: 'tree.screen.title', defaultMessage: 'Family tree' },
  goToTree: { id: 'tree.screen.goToTree', defaultMessage: 'Go to your tree' },
});

const linkClass = 'inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline';

/** /family/tree: the owner's ancestors and descendants around one person, to move about in and print. */
export function TreeScreen({ root, contactId, personHref, treeHref, links }: TreeScreenProps) {
  const ofContact = useTreePersonOfContact(contactId);
  const waitingForContact = contactId !== null && ofContact.isPending;
  const rootId = contactId !== null ? (ofContact.data?.id ?? null) : root;
  const contactMissing = contactId !== null && ofContact.isSuccess && ofContact.data === null;
  const intl = useIntl();

  return (
    <div className="grid gap-6">
      <title>{intl.formatMessage(messages.pageTitle)}</title>
      {waitingForContact ? (
        <div className="flex justify-center py-12">
          <Spinner label={intl.formatMessage({ id: 'tree.screen.findingContact', defaultMessage: 'Finding them in the tree' })} />
        </div>
      ) : contactMissing ? (
        <>
          <PageHeader title={intl.formatMessage(messages.title)} actions={links} />
          <EmptyState
            title={intl.formatMessage({ id: 'tree.screen.contactMissing', defaultMessage: 'This contact is not in the tree yet' })}
            description={intl.formatMessage({
              id: 'tree.screen.contactMissingHelp',
              defaultMessage: 'Open a person in the tree and add them as a parent, child, partner or brother or sister.',
            })}
            headingLevel={2}
          />
          <Link to={treeHref()} className={linkClass}>
            {intl.formatMessage(messages.goToTree)}
          </Link>
        </>
      ) : (
        <TreeView rootId={rootId} personHref={personHref} treeHref={treeHref} links={links} />
      )}
    </div>
  );
}

function TreeView({
  rootId,
  personHref,
  treeHref,
  links,
}: { rootId: number | null } & Pick<TreeScreenProps, 'personHref' | 'treeHref' | 'links'>) {
  const intl = useIntl();
  const graph = useTreeGraph(rootId);
  const { printing, print } = usePrinting();
  const persons = useMemo(() => new Map<number, GraphPerson>((graph.data?.persons ?? []).map((p) => [p.id, p])), [graph.data]);
  const layout = useMemo(() => (graph.data ? layoutTree(graph.data.rootId, graph.data.persons, graph.data.relations) : null), [graph.data]);
  const root = graph.data ? persons.get(graph.data.rootId) : undefined;
  const title =
    root && !root.isOwner
      ? intl.formatMessage({ id: 'tree.screen.titleOf', defaultMessage: 'Family tree of {name}' }, { name: personName(root) })
      : intl.formatMessage({ id: 'tree.screen.titleOwn', defaultMessage: 'Your family tree' });

  if (graph.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={intl.formatMessage({ id: 'tree.screen.loading', defaultMessage: 'Loading the family tree' })} />
      </div>
    );
  if (graph.isError || !layout || !root) {
    const notFound = graph.error instanceof ApiError && graph.error.status === 404;
    return (
      <>
        <PageHeader title={intl.formatMessage(messages.title)} actions={links} />
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
          <p className="font-medium">
            {notFound
              ? intl.formatMessage({ id: 'tree.screen.notFound', defaultMessage: 'This person is not in your tree.' })
              : intl.formatMessage({ id: 'tree.screen.failed', defaultMessage: 'The family tree could not be loaded.' })}
          </p>
          {notFound ? (
            <Link to={treeHref()} className={linkClass}>
              {intl.formatMessage(messages.goToTree)}
            </Link>
          ) : (
            <Button variant="outline" className="mt-4" onClick={() => graph.refetch()}>
              {intl.formatMessage({ id: 'tree.screen.tryAgain', defaultMessage: 'Try again' })}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={
          root.isOwner
            ? intl.formatMessage({
                id: 'tree.screen.ownDescription',
                defaultMessage:
                  'Your parents and their parents above you, your brothers and sisters beside you, your children and grandchildren below. Open anyone to add their family.',
              })
            : intl.formatMessage({ id: 'tree.screen.centredOn', defaultMessage: 'Centred on {name}.' }, { name: personName(root) })
        }
        actions={
          <>
            {links}
            {!root.isOwner && (
              <Button variant="outline" asChild className="min-h-11">
                <Link to={treeHref()}>{intl.formatMessage({ id: 'tree.screen.centreOnYou', defaultMessage: 'Centre on you' })}</Link>
              </Button>
            )}
            <Button variant="outline" className="min-h-11" onClick={print}>
              <Printer aria-hidden="true" />
              {intl.formatMessage({ id: 'tree.screen.print', defaultMessage: 'Print or save as PDF' })}
            </Button>
          </>
        }
      />
      {layout.cards.length <= 1 && root.isOwner && (
        <p className="rounded-lg border bg-card p-4 text-sm">
          {intl.formatMessage(
            {
              id: 'tree.screen.onlyYou',
              defaultMessage:
                'Your tree has only you so far. <link>Open your card</link> to add your parents, your partner and your children.',
            },
            {
              link: (chunks) => (
                <Link to={personHref(root.id)} className="font-medium text-primary underline-offset-4 hover:underline">
                  {chunks}
                </Link>
              ),
            },
          )}
        </p>
      )}
      <TreeCanvas layout={layout} persons={persons} rootId={root.id} personHref={personHref} />
      {(layout.notShown > 0 || graph.data.truncated) && (
        <p className="text-sm text-muted-foreground">
          {layout.notShown > 0 &&
            `${intl.formatMessage(
              {
                id: 'tree.screen.notShown',
                defaultMessage:
                  '{count, plural, one {{number} more relative is} other {{number} more relatives are}} not drawn here (in-laws, cousins).',
              },
              { count: layout.notShown, number: String(layout.notShown) },
            )} `}
          {graph.data.truncated &&
            `${intl.formatMessage({ id: 'tree.screen.truncated', defaultMessage: 'The family goes back or on further than shown.' })} `}
          {intl.formatMessage({
            id: 'tree.screen.seeTheirSide',
            defaultMessage: 'Open a person and choose “Centre the tree on them” to see their side.',
          })}
        </p>
      )}
      <GedcomCard />
      {printing && <TreePoster layout={layout} persons={persons} title={title} />}
    </>
  );
}
