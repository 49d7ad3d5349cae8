import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorBoundary } from '@web/components/error-boundary';
import { TreePersonScreen } from '@web/features/tree/components/tree-person-screen';
import { TreeScreen } from '@web/features/tree/components/tree-screen';
import { Button } from '@web/components/ui/button';
import { familyTreePath, paths, personPath, treePersonPath } from '../paths';
import { NotFoundRoute } from './not-found';
import { useIntl } from '@web/lib/i18n/use-intl';

const idOf = (value: string | null | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** /family/tree: the family tree around the owner, `?root=` anyone, `?contact=` a contact of the Family page. */
export function FamilyTreeRoute() {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <ErrorBoundary>
      <TreeScreen
        root={idOf(params.get('root'))}
        contactId={idOf(params.get('contact'))}
        personHref={treePersonPath}
        treeHref={familyTreePath}
        links={
          <Button variant="outline" asChild className="min-h-11">
            <Link to={paths.family}>{intl.formatMessage({ id: 'app.familyTree.members', defaultMessage: 'Family members' })}</Link>
          </Button>
        }
      />
    </ErrorBoundary>
  );
}

/** /family/tree/person/:id: one person of the tree. */
export function TreePersonRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const personId = idOf(id);
  if (personId === null) return <NotFoundRoute />;
  return (
    <ErrorBoundary>
      <TreePersonScreen
        key={personId}
        id={personId}
        notFound={<NotFoundRoute />}
        personHref={treePersonPath}
        treeHref={familyTreePath}
        photosHref={personPath}
        onDeleted={() => navigate(paths.familyTree, { replace: true })}
      />
    </ErrorBoundary>
  );
}
