// The embedded PostgreSQL under DATA_DIR: survives kill -9 with acknowledged writes intact, and refuses a
// second instance on the same DATA_DIR without harming the first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopServer, waitForHealth, type ServerProcess } from '@tests/helpers/process';
import { newUserInput } from '@tests/helpers/server';

const json = { 'content-type': 'application/json' };

describe('embedded PostgreSQL lifecycle', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-life-'));
  fs.chmodSync(dataDir, 0o755);
  const running: ServerProcess[] = [];
  const env = (port: number) => ({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '' });

  afterAll(async () => {
    for (const s of running) await stopServer(s, 'SIGKILL');
    // A postmaster orphaned by SIGKILL is stopped by the next start; start once more to clean up.
    const port = await freePort();
    const last = startServer(env(port));
    await waitForHealth(last, 60_000).catch(() => {});
    await stopServer(last);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a registered user across kill -9 and restart; a second instance exits with a clear message', async () => {
    const port = await freePort();
    const first = startServer(env(port));
    running.push(first);
    await waitForHealth(first, 60_000);

    const user = newUserInput();
    const reg = await fetch(`${first.url}/api/register`, { method: 'POST', headers: json, body: JSON.stringify(user) });
    expect(reg.status).toBe(201);

    // A second heirloom on the same DATA_DIR must refuse and leave the first serving.
    const secondPort = await freePort();
    const second = startServer(env(secondPort));
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/Another heirloom \(pid \d+\) is already running on DATA_DIR/);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;

    const restarted = startServer(env(port));
    running.push(restarted);
    await waitForHealth(restarted, 60_000);
    const login = await fetch(`${restarted.url}/api/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    await stopServer(restarted);
    expect(restarted.child.exitCode).toBe(0);
  }, 180_000);

  it('starts as root on a DATA_DIR made by mktemp -d (mode 0700) that the postgres user could not enter', async () => {
    if (process.getuid?.() !== 0) return; // the OS user switch only happens as root
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-private-'));
    expect(fs.statSync(privateDir).mode & 0o777).toBe(0o700);
    const port = await freePort();
    const server = startServer({ DATA_DIR: privateDir, PORT: String(port), DATABASE_URL: '' });
    running.push(server);
    try {
      await waitForHealth(server, 60_000);
      expect(fs.statSync(privateDir).mode & 0o777).toBe(0o701); // enter, not list
    } finally {
      await stopServer(server);
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('names a directory above DATA_DIR that the postgres user cannot enter, with the command that fixes it', async () => {
    if (process.getuid?.() !== 0) return;
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'heirloom-closed-')); // 0700, not heirloom's
    const inside = path.join(closed, 'family', 'data');
    fs.mkdirSync(inside, { recursive: true });
    const port = await freePort();
    const server = startServer({ DATA_DIR: inside, PORT: String(port), DATABASE_URL: '' });
    try {
      expect(await server.exited).not.toBe(0);
      expect(server.output()).toContain(`cannot enter ${closed}`);
      expect(server.output()).toContain(`chmod o+x ${closed}`);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  }, 60_000);
});
