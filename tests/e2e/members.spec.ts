// Who may join (decision 048), on a server of its own: the shared e2e server lets every spec sign up freely
// (REGISTRATION=open) and has accounts from the first moment, so first run and invitations need a fresh one,
// started here from the same build with an empty DATA_DIR and REGISTRATION left at its default.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { devices, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expect, newTestUser, test, type TestUser } from './fixtures';

test.describe.configure({ mode: 'serial' });

let server: ChildProcess;
let base: string;
let dataDir: string;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-e2e-members-'));
  fs.chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
  };
  for (const name of ['REGISTRATION', 'SMTP_URL', 'DATABASE_URL']) delete env[name]; // the defaults; mail goes to DATA_DIR/outbox
  server = spawn(process.execPath, [path.resolve(process.env.HEIRLOOM_DIST ?? 'dist', 'server', 'main.js')], { env, stdio: 'ignore' });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 150_000, intervals: [250, 500, 1000] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The path and query of the newest link in a mail to `to` that the server wrote to its outbox. */
async function invitationLink(to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let link = '';
  await expect
    .poll(
      async () => {
        const names = (await fs.promises.readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith(`-${to}.eml`)).sort();
        if (names.length === 0) return '';
        const mail = await simpleParser(await fs.promises.readFile(path.join(outbox, names.at(-1)!)));
        const url = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
        link = url.pathname + url.search;
        return link;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\/register\?invitation=[A-Za-z0-9_-]{43}$/);
  return link;
}

async function fillRegisterForm(page: Page, user: TestUser, { email = true } = {}) {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Surname').fill(user.surname);
  if (email) await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill('1975-05-20');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Register' }).click();
}

async function logIn(page: Page, user: TestUser) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('first run, an invitation, a member without the Members tab, and a disabled account signed out', async ({ browser }) => {
  test.setTimeout(150_000);
  const owner = { ...newTestUser(), firstName: 'Olive', surname: 'Owner' };
  const member = { ...newTestUser(), firstName: 'Milo', surname: 'Member' };

  // First run: / and /login offer the owner account above their own content
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto(`${base}/`);
  await expect(ownerPage.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText('Your life story, kept safe for the people you love.');
  await ownerPage.goto(`${base}/login`);
  await expect(ownerPage.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
  await expect(ownerPage.getByRole('heading', { name: 'Login' })).toBeVisible();
  await ownerPage.getByRole('link', { name: 'Get started' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(ownerPage.getByText('This heirloom has no account yet: this first account is its owner and administrator')).toBeVisible();
  await fillRegisterForm(ownerPage, owner);
  await expect(ownerPage).toHaveURL(`${base}/login`);
  await expect(ownerPage.getByRole('heading', { name: 'Create the owner account' })).toHaveCount(0); // the instance has its owner
  await logIn(ownerPage, owner);
  await expect(ownerPage).toHaveURL(`${base}/dashboard`);

  // The owner invites an address in Settings → Members
  await ownerPage.goto(`${base}/settings#members`);
  await expect(ownerPage.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await ownerPage.getByLabel('Email address to invite').fill(member.email);
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByText('Invitations not yet used')).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: `Withdraw the invitation to ${member.email}` })).toBeVisible();

  // The invitation's link opens the register form with the address filled in and locked (on a phone)
  const link = await invitationLink(member.email);
  const memberContext = await browser.newContext({ ...devices['Pixel 7'] });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${base}${link}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const email = memberPage.getByLabel('Email');
  await expect(email).toHaveValue(member.email);
  await expect(email).toHaveAttribute('readonly', '');
  await fillRegisterForm(memberPage, member, { email: false });
  await expect(memberPage).toHaveURL(`${base}/login`);
  await logIn(memberPage, member);
  await expect(memberPage).toHaveURL(`${base}/dashboard`);

  // A member has no Members tab
  await memberPage.goto(`${base}/settings`);
  await expect(memberPage.getByRole('tab', { name: 'Account' })).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: 'Members' })).toHaveCount(0);

  // The owner sees the member and disables the account: the member's session ends
  await ownerPage.reload();
  await expect(ownerPage.getByText(`${member.email} ·`)).toBeVisible();
  await ownerPage.getByRole('button', { name: 'Disable Milo Member' }).click();
  await ownerPage.getByRole('alertdialog').getByRole('button', { name: 'Disable account' }).click();
  await expect(ownerPage.getByRole('button', { name: 'Enable Milo Member' })).toBeVisible();

  await memberPage.goto(`${base}/dashboard`);
  await expect(memberPage).toHaveURL(`${base}/login`);
  await logIn(memberPage, member);
  await expect(
    memberPage.getByText('This account has been disabled. Please ask the administrator of this heirloom.').first(),
  ).toBeVisible();
  await expect(memberPage).toHaveURL(`${base}/login`);
});
