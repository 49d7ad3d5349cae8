import './zod-config'; // must stay the first import
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { preloadPage } from '@web/app/router';
import { initialLanguage, needCatalogue, switchLanguage } from '@web/lib/i18n/language-store';
import { serverUserLanguage } from '@web/lib/server-user';
import './styles.css';

const container = document.getElementById('root')!;
// the words of the frame every page of the app shows; each page's own come with its code (pages.ts)
void needCatalogue('app');
// A deep link's chunks, in parallel rather than one by one.
const pageLoaded = preloadPage(window.location.pathname);
// A page the server sent already drawn (the dashboard, decision 035) stays as it is until its code has arrived:
// React's first commit then replaces it with the same page, live, instead of with a loading spinner.
const ready = container.hasChildNodes() ? pageLoaded : Promise.resolve();

// The reader's language is fetched beside the page's code (English needs nothing): signed in, the account's.
void Promise.all([ready, switchLanguage(serverUserLanguage() ?? initialLanguage(), { remember: false })]).then(() => {
  // The first render as a transition: React yields to the browser every few milliseconds while it builds the
  // page instead of blocking input in one long task. What it renders is the same.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
