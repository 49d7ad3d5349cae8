import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useIntl } from '@web/lib/i18n/use-intl';

type ErrorBoundaryProps = {
  children: ReactNode;
  /** What to render instead of the crashed subtree; defaults to a small inline notice. */
  fallback?: ReactNode;
};

/** Catches render errors in one independently loading section (STYLE §14), e.g. the dashboard photo grid. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return (
        this.props.fallback ?? (
          <p role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-destructive">
            {activeIntl().formatMessage({
              id: 'common.errorBoundary.section',
              defaultMessage: 'This section could not be shown. Please reload the page.',
            })}
          </p>
        )
      );
    }
    return this.props.children;
  }
}

/** The whole-app fallback around the routes in app.tsx (bulletproof's MainErrorFallback). */
export function MainErrorFallback() {
  const intl = useIntl();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">
        {intl.formatMessage({ id: 'common.errorBoundary.title', defaultMessage: 'Something went wrong' })}
      </h1>
      <p className="max-w-md text-muted-foreground">
        {intl.formatMessage({
          id: 'common.errorBoundary.text',
          defaultMessage: 'An unexpected error stopped this page from loading. Your memories are safe; please try again.',
        })}
      </p>
      <Button onClick={() => window.location.assign(window.location.href)}>
        {intl.formatMessage({ id: 'common.errorBoundary.reload', defaultMessage: 'Reload page' })}
      </Button>
    </main>
  );
}
