// The script of `/` (landing.html). The page is already readable from its prerendered HTML (decision 035):
// React and the landing page's code are fetched only after the first paint, so they do not compete with the
// stylesheet for the network before anything is drawn. No router, page table or signed-in code: the page's
// links load the app (index.html → main.tsx) as new pages.
import './zod-config'; // must stay the first import
import './styles.css';

// A waitlist form sent before React is attached would reload the page (the form has no action): hold it and
// send it again once React handles the form. Once hydrated, React's own handler has already prevented it.
let heldForm: HTMLFormElement | null = null;
document.addEventListener('submit', (event) => {
  if (event.defaultPrevented) return;
  event.preventDefault();
  heldForm = event.target as HTMLFormElement;
});

function sendHeldForm() {
  const form = heldForm;
  heldForm = null;
  form?.requestSubmit();
}

requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./hydrate-landing').then(({ hydrateLanding }) => hydrateLanding(document.getElementById('root')!, sendHeldForm));
  });
});
