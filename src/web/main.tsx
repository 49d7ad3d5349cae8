import './zod-config'; // must stay the first import
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { preloadPage } from '@web/app/router';
import './styles.css';

preloadPage(window.location.pathname); // a deep link's chunks, in parallel rather than one by one

// The first render as a transition: React yields to the browser every few milliseconds while it builds the
// page instead of blocking input in one long task. What it renders is the same.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
