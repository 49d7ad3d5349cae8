import {
  Album,
  BookOpen,
  HandHeart,
  Heart,
  Lock,
  PanelLeftClose,
  PanelLeftOpen,
  ScanFace,
  Sunset,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { useAccountLanguage } from '@web/features/account/use-account-language';
import { useUser } from '@web/features/auth/api';
import { useHasSharedWithMe } from '@web/features/shared-view/api';
import { useIsBrowser } from '@web/hooks/use-is-browser';
import { cn } from '@web/lib/cn';
import { activeNavPath, navItems, type NavCondition, type NavIcon } from '../pages';
import { useIntl } from '@web/lib/i18n/use-intl';
import { UploadIndicator } from './upload-indicator';

const ICONS: Record<NavIcon, LucideIcon> = {
  story: BookOpen,
  people: ScanFace,
  family: Users,
  friends: Heart,
  vault: Lock,
  collections: Album,
  'shared-with-me': HandHeart,
  'after-life': Sunset,
};

// spec §2: the navigation items come from the page table, in its order.
const NAV_ITEMS = navItems.map(({ path, nav }) => ({ to: path, label: nav.label, icon: ICONS[nav.icon], onlyIf: nav.onlyIf }));

/** The items shown now: those without a condition, and those whose condition holds. */
function useNavItems() {
  const conditions: Record<NavCondition, boolean> = { 'received-shares': useHasSharedWithMe() };
  return NAV_ITEMS.filter((item) => item.onlyIf === undefined || conditions[item.onlyIf]);
}

/**
 * "The current item is highlighted" (spec §2), also on the pages an item leads to (My Story's timeline,
 * memories and photos). The page itself is aria-current="page"; the item it belongs to is aria-current="true".
 */
function useCurrentItem() {
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  return (to: string) => {
    if (to !== active) return { isActive: false, ariaCurrent: undefined };
    return { isActive: true, ariaCurrent: pathname.replace(/(.)\/+$/, '$1') === to ? ('page' as const) : ('true' as const) };
  };
}

const COLLAPSED_KEY = 'heirloom:nav-collapsed';

function readCollapsed() {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** spec §2/§9: a side navigation 240px wide (60px collapsed) from 768px up, a bottom tab bar below. */
export function SignedInLayout() {
  const [isCollapsed, setIsCollapsed] = useState(readCollapsed);
  const currentItem = useCurrentItem();
  const items = useNavItems();
  const intl = useIntl();
  const isBrowser = useIsBrowser();
  useAccountLanguage(useUser().data);

  const toggleCollapsed = () => {
    const next = !isCollapsed;
    setIsCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // storage may be unavailable (private mode); the choice then lasts for this visit only
    }
  };

  const toggleLabel = isCollapsed
    ? intl.formatMessage({ id: 'app.nav.expand', defaultMessage: 'Expand navigation' })
    : intl.formatMessage({ id: 'app.nav.collapse', defaultMessage: 'Collapse navigation' });

  return (
    <div className="flex flex-1">
      <nav
        aria-label={intl.formatMessage({ id: 'app.nav.main', defaultMessage: 'Main navigation' })}
        className={cn(
          'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col gap-2 overflow-hidden border-e bg-card p-2 transition-[width] duration-200 md:flex',
          isCollapsed ? 'w-[60px]' : 'w-[240px]',
        )}
      >
        <button
          type="button"
          onClick={toggleCollapsed}
          disabled={!isBrowser} // in the page drawn at build time (decision 035), until the app takes over
          aria-label={toggleLabel}
          title={toggleLabel}
          className={cn(
            'flex h-10 items-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            isCollapsed ? 'justify-center' : 'justify-end px-3',
          )}
        >
          {isCollapsed ? <PanelLeftOpen aria-hidden="true" className="size-5" /> : <PanelLeftClose aria-hidden="true" className="size-5" />}
        </button>
        <ul className="flex flex-col gap-1">
          {items.map(({ label: labelMessage, to, icon: Icon }) => {
            const { isActive, ariaCurrent } = currentItem(to);
            const label = intl.formatMessage(labelMessage);
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={ariaCurrent}
                  title={isCollapsed ? label : undefined}
                  className={cn(
                    'flex h-11 items-center gap-3 rounded-md text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                    isCollapsed ? 'justify-center' : 'px-3',
                    isActive ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-accent hover:text-accent-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  <span className={cn('truncate', isCollapsed && 'sr-only')}>{label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-8 outline-none sm:px-6 lg:px-10">
        <UploadIndicator />
        <div className="mx-auto max-w-6xl">
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>

      <nav
        aria-label={intl.formatMessage({ id: 'app.nav.tabs', defaultMessage: 'Tab navigation' })}
        className="fixed inset-x-0 bottom-0 z-40 border-t bg-card md:hidden"
      >
        {/* one equal column per item, however many are shown; at 375px six one-word labels fit, longer ones wrap onto two lines */}
        <ul className="grid auto-cols-fr grid-flow-col pb-[env(safe-area-inset-bottom)]">
          {items.map(({ label, to, icon: Icon }) => {
            const { isActive, ariaCurrent } = currentItem(to);
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={ariaCurrent}
                  className={cn(
                    'flex h-16 min-w-0 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <span className={cn('flex h-7 w-12 items-center justify-center rounded-full', isActive && 'bg-accent')}>
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="line-clamp-2 max-w-full text-center leading-tight">{intl.formatMessage(label)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
