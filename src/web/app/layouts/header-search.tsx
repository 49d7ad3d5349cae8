import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHit } from '@shared/schemas/search';
import { paths, personPath } from '../paths';
import { QueryScope } from '../query-scope';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * Where a search result opens: its page, naming the item in the query string (`?memory=`, `?photo=`,
 * `?document=`, `?contact=`) for the page to bring it into view.
 */
export function searchHitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'memory':
      return `${paths.memories}?memory=${hit.id}`;
    case 'photo':
      return `${paths.photos}?photo=${hit.id}`;
    case 'document':
      return `${paths.vault}?document=${hit.id}`;
    case 'contact':
      return `${hit.relationship === 'friend' ? paths.friends : paths.family}?contact=${hit.id}`;
    case 'person':
      return personPath(hit.id);
  }
}

// The dialog (and its search code) loads when first wanted, not with every signed-in page.
const loadSearchDialog = () => import('@web/features/search/components/search-dialog');
const SearchDialog = lazy(() => loadSearchDialog().then((m) => ({ default: m.SearchDialog })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** issue 15: one search box in the signed-in header; Ctrl/⌘+K opens it from anywhere. */
export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it can play its animation and reopening it is instant.
  const [wanted, setWanted] = useState(false);
  const navigate = useNavigate();
  const intl = useIntl();
  const openDialog = () => {
    setWanted(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault(); // the browser's own Ctrl+K goes to its address bar
        setWanted(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <QueryScope>
      <button
        type="button"
        onClick={openDialog}
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => void loadSearchDialog()}
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        className="flex h-10 items-center gap-2 rounded-md border bg-card px-3 text-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring max-sm:w-10 max-sm:justify-center max-sm:px-0 sm:w-56 lg:w-72"
      >
        <Search aria-hidden="true" className="size-4 shrink-0" />
        <span className="flex-1 text-start max-sm:sr-only">{intl.formatMessage({ id: 'app.search.open', defaultMessage: 'Search…' })}</span>
        <kbd aria-hidden="true" className="rounded border bg-muted px-1.5 font-sans text-xs max-sm:hidden">
          {shortcut}
        </kbd>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} onOpenHit={(hit) => void navigate(searchHitPath(hit))} />
        </Suspense>
      )}
    </QueryScope>
  );
}
