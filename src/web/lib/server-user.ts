import type { User } from '@shared/schemas/auth';
import { SERVER_USER_ELEMENT_ID } from '@shared/page-data';

/** The element holding the user the server put into this page, if any (none in the build's prerender). */
const serverUserElement = () => (typeof document === 'undefined' ? null : document.getElementById(SERVER_USER_ELEMENT_ID));

function parsed(element: HTMLElement | null): User | undefined {
  if (!element) return undefined;
  try {
    return JSON.parse(element.textContent ?? '') as User; // validated by the server's userSchema, like GET /api/user
  } catch {
    return undefined;
  }
}

/**
 * The signed-in user the server put into this page's HTML (decision 035), once: the element is removed when
 * read, so a user query created later (after a logout, or once the cache dropped it) asks the server again
 * rather than trusting what the page said at load. Undefined when the page carries none (visitors, `npm run dev`).
 */
export function takeServerUser(): User | undefined {
  const element = serverUserElement();
  element?.remove();
  return parsed(element);
}

/**
 * The language of the account the server put into this page, read without taking the user: the page's first
 * render speaks it at once (the server drew a signed-in dashboard in it), not the browser's language first.
 */
export function serverUserLanguage(): string | null {
  return parsed(serverUserElement())?.language ?? null;
}
