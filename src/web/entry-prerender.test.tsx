// The prerendered landing page must hydrate without a mismatch: React would otherwise throw the HTML away
// and render the page again on the client (a recoverable error), losing what prerendering gained.
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingPage } from '@web/app/landing-page';
import { renderDashboard, renderLanding } from './entry-prerender';

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

describe('the prerendered dashboard', () => {
  it('holds the header, the navigation and the dashboard text, whole, without a script or a control that needs one', async () => {
    const html = await renderDashboard();
    expect(html).toMatch(/^<title>Dashboard · heirloom<\/title>/);
    expect(html).toContain('Welcome to <span class="text-primary">heirloom</span>');
    expect(html).toContain('Every memory you keep here becomes part of the story you hand on.');
    for (const label of ['My Story', 'Family', 'Friends', 'Vault', 'Collections', 'After Life']) expect(html).toContain(`>${label}</span>`);
    // The search and the account menu come with the app; the navigation's collapse button waits for it.
    expect(html).not.toMatch(/Open menu|Search…/);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector<HTMLButtonElement>('button[aria-label="Collapse navigation"]')?.disabled).toBe(true);
    // Everything inline: no placeholder swapped in by a script the CSP would block, no loading spinner.
    expect(html).not.toMatch(/<script|<template|aria-label="Loading"/);
  });
});
