import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Printer } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
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

const linkClass = 'inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline';

/** /family/tree: the owner's ancestors and descendants around one person, to move about in and print. */
export function TreeScreen({ root, contactId, personHref, treeHref, links }: TreeScreenProps) {
  const ofContact = useTreePersonOfContact(contactId);
  const waitingForContact = contactId !== null && ofContact.isPending;
  const rootId = contactId !== null ? (ofContact.data?.id ?? null) : root;
  const contactMissing = contactId !== null && ofContact.isSuccess && ofContact.data === null;

  return (
    <div className="grid gap-6">
      <title>Family tree · heirloom</title>
      {waitingForContact ? (
        <div className="flex justify-center py-12">
          <Spinner label="Finding them in the tree" />
        </div>
      ) : contactMissing ? (
        <>
          <PageHeader title="Family tree" actions={links} />
          <EmptyState
            title="This contact is not in the tree yet"
            description="Open a person in the tree and add them as a parent, child, partner or brother or sister."
            headingLevel={2}
          />
          <Link to={treeHref()} className={linkClass}>
            Go to your tree
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
  const graph = useTreeGraph(rootId);
  const { printing, print } = usePrinting();
  const persons = useMemo(() => new Map<number, GraphPerson>((graph.data?.persons ?? []).map((p) => [p.id, p])), [graph.data]);
  const layout = useMemo(() => (graph.data ? layoutTree(graph.data.rootId, graph.data.persons, graph.data.relations) : null), [graph.data]);
  const root = graph.data ? persons.get(graph.data.rootId) : undefined;
  const title = root && !root.isOwner ? `Family tree of ${personName(root)}` : 'Your family tree';

  if (graph.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading the family tree" />
      </div>
    );
  if (graph.isError || !layout || !root) {
    const notFound = graph.error instanceof ApiError && graph.error.status === 404;
    return (
      <>
        <PageHeader title="Family tree" actions={links} />
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-center">
          <p className="font-medium">{notFound ? 'This person is not in your tree.' : 'The family tree could not be loaded.'}</p>
          {notFound ? (
            <Link to={treeHref()} className={linkClass}>
              Go to your tree
            </Link>
          ) : (
            <Button variant="outline" className="mt-4" onClick={() => graph.refetch()}>
              Try again
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
            ? 'Your parents and their parents above you, your brothers and sisters beside you, your children and grandchildren below. Open anyone to add their family.'
            : `Centred on ${personName(root)}.`
        }
        actions={
          <>
            {links}
            {!root.isOwner && (
              <Button variant="outline" asChild className="min-h-11">
                <Link to={treeHref()}>Centre on you</Link>
              </Button>
            )}
            <Button variant="outline" className="min-h-11" onClick={print}>
              <Printer aria-hidden="true" />
              Print or save as PDF
            </Button>
          </>
        }
      />
      {layout.cards.length <= 1 && root.isOwner && (
        <p className="rounded-lg border bg-card p-4 text-sm">
          Your tree has only you so far.{' '}
          <Link to={personHref(root.id)} className="font-medium text-primary underline-offset-4 hover:underline">
            Open your card
          </Link>{' '}
          to add your parents, your partner and your children.
        </p>
      )}
      <TreeCanvas layout={layout} persons={persons} rootId={root.id} personHref={personHref} />
      {(layout.notShown > 0 || graph.data.truncated) && (
        <p className="text-sm text-muted-foreground">
          {layout.notShown > 0 &&
            `${layout.notShown} more ${layout.notShown === 1 ? 'relative is' : 'relatives are'} not drawn here (in-laws, cousins). `}
          {graph.data.truncated && 'The family goes back or on further than shown. '}
          Open a person and choose “Centre the tree on them” to see their side.
        </p>
      )}
      <GedcomCard />
      {printing && <TreePoster layout={layout} persons={persons} title={title} />}
    </>
  );
}
