// The script of `/` (landing.html). The page is already readable from its prerendered HTML (decision 035):
// React and the landing page's code are fetched only after the first paint, so they do not compete with the
// stylesheet for the network before anything is drawn. No router, page table or signed-in code: the page's
// links load the app (index.html → main.tsx) as new pages.
import './zod-config'; // must stay the first import
import './styles.css';

// A waitlist form sent before React is attached would reload the page (the form has no action): hold it and
// send it again once React handles the form. Once hydrated, React's own handler has already prevented it.
// React attaches the page's outer frame first and the part that holds the forms a moment later, and it passes a
// submit on a part not yet hydrated by (React 19 does not replay submits): after the frame is attached, a submit
// that still reaches here unhandled is held again and sent again in a moment.
let heldForm: HTMLFormElement | null = null;
let isAttached = false;
document.addEventListener('submit', (event) => {
  if (event.defaultPrevented) return;
  event.preventDefault();
  heldForm = event.target as HTMLFormElement;
  if (isAttached) setTimeout(sendHeldForm, 50);
});

function sendHeldForm() {
  const form = heldForm;
  heldForm = null;
  form?.requestSubmit();
}

function onAttached() {
  isAttached = true;
  setTimeout(sendHeldForm); // from a task of its own, not from inside React's commit
}

requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./hydrate-landing').then(({ hydrateLanding }) => hydrateLanding(document.getElementById('root')!, onAttached));
  });
});
