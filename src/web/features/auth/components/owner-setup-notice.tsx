import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { SetupStatus } from '@shared/schemas/auth';
import { SiteLink } from '@web/components/site-link';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * First run (decision 048): on a fresh instance, / and /login lead to the owner's account above their own
 * content. The landing page is prerendered and loads without TanStack Query, so this asks GET /api/setup
 * itself once the page is in the browser, and shows nothing until an answer says an owner is needed.
 */
export function OwnerSetupNotice() {
  const intl = useIntl();
  const [needsOwner, setNeedsOwner] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/setup', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<SetupStatus>) : null))
      .then((status) => setNeedsOwner(status?.needsOwner === true))
      .catch(() => {}); // unreachable or aborted: the page stays as it is
    return () => controller.abort();
  }, []);

  if (!needsOwner) return null;
  return (
    <section aria-labelledby="owner-setup-title" className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
      <div className="flex flex-col gap-4 rounded-lg border border-primary/30 bg-card p-5 shadow-sm sm:flex-row sm:items-center">
        <KeyRound aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <div className="flex-1">
          <h2 id="owner-setup-title" className="text-lg font-semibold">
            {intl.formatMessage({ id: 'auth.ownerSetup.title', defaultMessage: 'Create the owner account' })}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {intl.formatMessage({
              id: 'auth.ownerSetup.text',
              defaultMessage:
                'This heirloom is new and has no account yet. The first account is its administrator: it invites the rest of the family.',
            })}
          </p>
        </div>
        <SiteLink
          to="/register"
          className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
        >
          {intl.formatMessage({ id: 'auth.ownerSetup.start', defaultMessage: 'Get started' })}
        </SiteLink>
      </div>
    </section>
  );
}
