import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { FullPageSpinner } from '@web/components/full-page-spinner';
import { LanguageMenu } from '@web/components/language-menu';
import { SiteLink } from '@web/components/site-link';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import { paths } from '../paths';

const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR);
const noSubscription = () => () => {};
const yearNow = () => new Date().getFullYear();

/**
 * spec §2: the footer's current year. A page drawn at build time holds the build's year: React starts from it
 * (as the drawn HTML has it) and then renders today's year if it differs. The landing page's footer is never
 * hydrated; its own script puts today's year in, by the `data-year` the footer's line carries.
 */
function useCurrentYear() {
  return useSyncExternalStore(noSubscription, yearNow, () => BUILD_YEAR);
}

/**
 * spec §2: the shared header and footer around every page. Without the router: the app's SiteLayout and the
 * prerendered landing page (routes/landing.tsx; never hydrated on `/`) both draw it. `appActions` (search, account
 * menu) replace the Login button on signed-in paths. Each page renders its own <main>.
 */
export function SiteFrame({ isAppPath, appActions, children }: { isAppPath: boolean; appActions?: ReactNode; children: ReactNode }) {
  const year = useCurrentYear();
  const intl = useIntl();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:ring-2 focus:ring-ring"
      >
        {intl.formatMessage({ id: 'common.skipToContent', defaultMessage: 'Skip to content' })}
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-16 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <SiteLink
            to={isAppPath ? paths.dashboard : paths.home}
            className="rounded-md px-1 font-serif text-2xl font-semibold tracking-tight text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            heirloom
          </SiteLink>
          {isAppPath ? (
            <div className="flex items-center gap-2">{appActions}</div>
          ) : (
            <div className="flex items-center gap-2">
              <LanguageMenu />
              <Button asChild variant="outline">
                <SiteLink to={paths.login}>{intl.formatMessage({ id: 'common.login', defaultMessage: 'Login' })}</SiteLink>
              </Button>
            </div>
          )}
        </div>
      </header>
      <div className="flex flex-1 flex-col pt-16">
        <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
      </div>
      <footer className={cn('border-t bg-card', isAppPath && 'pb-16 md:pb-0')}>
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p data-year={year}>
            {intl.formatMessage(
              { id: 'common.footer.copyright', defaultMessage: '© {year} heirloom. All rights reserved.' },
              { year: String(year) },
            )}
          </p>
          <SiteLink to={paths.faq} className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline">
            {intl.formatMessage({ id: 'common.footer.faq', defaultMessage: 'FAQ' })}
          </SiteLink>
        </div>
      </footer>
    </div>
  );
}

/** The <main> of public pages (landing, FAQ, login, register, not found). */
export function PublicMainFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
      {children}
    </main>
  );
}
