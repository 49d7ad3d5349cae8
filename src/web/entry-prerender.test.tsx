// The prerendered landing page must hydrate without a mismatch: React would otherwise throw the HTML away
// and render the page again on the client (a recoverable error), losing what prerendering gained. Only its
// islands are hydrated, each as a root of its own.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ISLAND_ATTRIBUTE, islandIdPrefix, isLandingIsland, landingIsland, landingIslandNames } from '@web/app/landing-page';
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

  it('puts each island, drawn on its own, into its container, with ids of its own', () => {
    const page = new DOMParser().parseFromString(renderLanding(), 'text/html');
    const containers = [...page.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)];
    expect(containers.map((c) => c.getAttribute(ISLAND_ATTRIBUTE))).toEqual([
      'owner-setup',
      'waitlist-hero',
      'waitlist-ready',
      'waitlist-closing',
      'toaster',
    ]);
    expect([...landingIslandNames].sort()).toEqual(containers.map((c) => c.getAttribute(ISLAND_ATTRIBUTE)).sort());
    // the forms are inside their containers, and their labels name their own inputs
    for (const name of ['waitlist-hero', 'waitlist-ready', 'waitlist-closing']) {
      expect(page.querySelector(`[${ISLAND_ATTRIBUTE}="${name}"] form input[name="email"]`)).not.toBeNull();
    }
    const ids = [...page.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const label of page.querySelectorAll('label[for]')) expect(page.getElementById(label.getAttribute('for')!)).not.toBeNull();
  });

  it('hydrates each island in the browser without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderLanding();
    document.body.append(container);
    const heading = container.querySelector('h1');
    const errors: unknown[] = [];
    const roots = [...container.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map((island) => {
      const name = island.getAttribute(ISLAND_ATTRIBUTE)!;
      if (!isLandingIsland(name)) throw new Error(`unknown island ${name}`);
      return hydrateRoot(island, landingIsland(name), {
        identifierPrefix: islandIdPrefix(name),
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(roots).toHaveLength(5);
    await act(async () => {});
    expect(errors).toEqual([]);
    // the static page around the islands is the very HTML the build wrote
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Your life story, kept safe for the people you love.');
    for (const root of roots) root.unmount();
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
