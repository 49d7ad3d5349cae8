import { test as base, expect } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface TestUser {
  firstName: string;
  surname: string;
  email: string;
  password: string;
}

export function newTestUser(): TestUser {
  return { firstName: 'Rose', surname: 'Tyler', email: `e2e-${randomUUID()}@example.com`, password: 'Bad-Wolf-2005!' };
}

/** Checks on the toasts a page showed, however briefly (see the `toasts` fixture). */
export interface ToastsSeen {
  /** Passes once a toast whose text contains every one of `texts` has been shown since the page loaded. */
  expectShown: (...texts: string[]) => Promise<void>;
}

declare global {
  interface Window {
    __toastsSeen?: string[];
  }
}

/**
 * signIn(): a fresh user per test, registered and logged in through the real API (page.request shares cookies).
 * toasts: records the text of every toast a page shows, so a check cannot miss one that a busy machine let
 * fade out (5 s) before the check ran.
 */
export const test = base.extend<{ signIn: () => Promise<TestUser>; toasts: ToastsSeen }>({
  toasts: async ({ page }, use) => {
    await page.addInitScript(() => {
      const seen: string[] = (window.__toastsSeen = []);
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')) {
          const text = item.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await use({
      expectShown: async (...texts) => {
        await expect
          .poll(async () => (await page.evaluate(() => window.__toastsSeen ?? [])).some((t) => texts.every((x) => t.includes(x))), {
            message: `a toast saying ${texts.join(' / ')}`,
            timeout: 30_000, // a toast follows an upload or a save, which a busy machine can slow
          })
          .toBe(true);
      },
    });
  },
  signIn: async ({ page }, use) => {
    await use(async () => {
      const user = newTestUser();
      const reg = await page.request.post('/api/register', {
        data: { ...user, dateOfBirth: '1980-04-01', confirmPassword: user.password },
      });
      expect(reg.status(), await reg.text()).toBe(201);
      const login = await page.request.post('/api/login', { data: { email: user.email, password: user.password } });
      expect(login.ok(), await login.text()).toBeTruthy();
      return user;
    });
  },
});

export interface ReceivedMail {
  subject: string;
  text: string;
  /** The first link in the text, as a path on the server under test ('/reset-password?token=…'). */
  link: string;
}

// playwright.config.ts sets E2E_DATA_DIR for the server and for the test workers alike.
const outbox = () =>
  path.join(process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `heirloom-e2e-${process.env.E2E_PORT ?? 5100}`), 'outbox');

async function mailsTo(to: string): Promise<ReceivedMail[]> {
  const suffix = `-${to.replace(/[^\w.@+-]/g, '_')}.eml`; // the server's file name: <time>-<to>.eml
  const names = await fs.readdir(outbox()).catch(() => [] as string[]);
  const mails: ReceivedMail[] = [];
  for (const name of names.filter((n) => n.endsWith(suffix)).sort()) {
    const parsed = await simpleParser(await fs.readFile(path.join(outbox(), name)));
    const text = parsed.text ?? '';
    const url = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
    const link = url ? new URL(url).pathname + new URL(url).search : '';
    mails.push({ subject: parsed.subject ?? '', text, link });
  }
  return mails;
}

/**
 * Waits for a mail to `to` (the server sends mail from its job queue, a moment later) and returns the newest
 * one whose link goes to `linkPath`, e.g. readMail(email, '/verify-email'). `after` skips mails already read.
 */
export async function readMail(to: string, linkPath = '', after = 0): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(to)).slice(after).filter((mail) => mail.link.startsWith(linkPath));
        found = mails.at(-1);
        return found !== undefined;
      },
      { message: `a mail to ${to} with a link to ${linkPath || 'anywhere'}`, timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** How many mails `to` has received so far; pass it to readMail as `after` to wait for the next one. */
export async function countMail(to: string) {
  return (await mailsTo(to)).length;
}

export { expect };
