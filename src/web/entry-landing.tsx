// The script of `/` (landing.html): the landing page alone, hydrating the HTML prerendered at build time
// (decision 035). No router, page table or signed-in code: its links load the app (main.tsx) as new pages.
import './zod-config'; // must stay the first import
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from '@web/app/landing-page';
import './styles.css';

const container = document.getElementById('root')!;
const page = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);

if (container.hasChildNodes()) hydrateRoot(container, page);
else createRoot(container).render(page); // landing.html without its prerendered markup (`vite dev`)
