// The prerendered landing page must hydrate without a mismatch: React would otherwise throw the HTML away
// and render the page again on the client (a recoverable error), losing what prerendering gained.
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingPage } from '@web/app/landing-page';
import { renderLanding } from './entry-prerender';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered landing page', () => {
  it('holds the hero text and the three waitlist forms before any script runs', () => {
    const html = renderLanding();
    expect(html).toContain('Your life story, kept safe for the people you love.');
    expect(html.match(/Join Waitlist/g)).toHaveLength(3);
  });

  it('hydrates in the browser without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderLanding();
    document.body.append(container);
    const errors: unknown[] = [];
    const root = hydrateRoot(
      container,
      <StrictMode>
        <LandingPage />
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
    await act(async () => {});
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Your life story, kept safe for the people you love.');
    root.unmount();
  });
});
