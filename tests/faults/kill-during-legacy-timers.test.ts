// kill -9 of the server while Legacy Plan timers wait: a time capsule queued through the API and a veto window
// whose tick the queue never had (as after a crash between a commit and its send) both fire after the restart,
// never before their moment, and the heirs' mails are written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataDirClient } from '@tests/helpers/database';
import { signUpHttp } from '@tests/helpers/users';
import { killableHeirloom } from './helpers';

describe('kill -9 with Legacy Plan timers waiting', () => {
  const heirloom = killableHeirloom('heirloom-kill-legacy');
  const { dataDir } = heirloom;

  const call = async (method: string, url: string, body?: unknown, cookie = heirloom.cookie) => {
    const res = await fetch(`${heirloom.server.url}${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    expect(res.status, `${method} ${url}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as { id: number }) : { id: 0 };
  };

  it('releases a time capsule and ends a veto window after a kill -9 and a restart, with no user action', async () => {
    // one owner has a time capsule, queued through the API
    const heirContact = await call('POST', '/api/contacts', {
      firstName: 'Hana',
      lastName: 'Heir',
      relationship: 'family',
      email: 'hana@example.com',
    });
    const heir = await call('POST', '/api/legacy/heirs', { contactId: heirContact.id });
    // an heir is told of a release only once they have a key code to open it with (decision 045)
    await call('POST', `/api/legacy/heirs/${heir.id}/key-code`);
    const capsuleLetter = await call('POST', '/api/legacy/letters', { heirId: heir.id, title: 'In a few seconds', body: 'Hello' });
    const releaseAt = new Date(Date.now() + 4000);
    const capsule = await call('POST', '/api/legacy/releases', {
      heirId: heir.id,
      letterId: capsuleLetter.id,
      condition: 'on-date',
      releaseAt: releaseAt.toISOString(),
    });

    // another owner's verifiers have confirmed and the veto window ends in a few seconds
    const other = (await signUpHttp(heirloom.server.url)).cookie;
    const verifier = await call(
      'POST',
      '/api/contacts',
      { firstName: 'Vik', lastName: 'Tor', relationship: 'friend', email: 'vik@example.com' },
      other,
    );
    const otherHeirContact = await call(
      'POST',
      '/api/contacts',
      { firstName: 'Otto', lastName: 'Heir', relationship: 'family', email: 'otto@example.com' },
      other,
    );
    await call(
      'PUT',
      '/api/legacy/plan',
      { checkInMonths: 6, vetoDays: 7, verifierContactIds: [verifier.id], verifiersRequired: 1 },
      other,
    );
    const otherHeir = await call('POST', '/api/legacy/heirs', { contactId: otherHeirContact.id }, other);
    await call('POST', `/api/legacy/heirs/${otherHeir.id}/key-code`, undefined, other);
    const farewell = await call('POST', '/api/legacy/letters', { heirId: otherHeir.id, title: 'Farewell', body: 'Goodbye' }, other);
    const afterDeath = await call(
      'POST',
      '/api/legacy/releases',
      { heirId: otherHeir.id, letterId: farewell.id, condition: 'after-death' },
      other,
    );

    // written behind the queue's back, so only the start-up scan knows this timer
    const vetoEndsAt = new Date(Date.now() + 5000);
    const db = await dataDirClient(dataDir);
    try {
      await db.query(`UPDATE legacy_verifiers SET confirmed_at = now()`);
      await db.query(`UPDATE legacy_plans SET state = 'veto', state_since = now(), veto_ends_at = $1`, [vetoEndsAt]);
    } finally {
      await db.end();
    }

    heirloom.server.child.kill('SIGKILL');
    await heirloom.server.exited;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, vetoEndsAt.getTime() - Date.now()) + 500));

    await heirloom.start(); // nothing else: no request, no sign-in (which would cancel the release)
    const after = await dataDirClient(dataDir);
    try {
      let rows: Array<{ id: number; released_at: Date | null }> = [];
      let state = '';
      for (let i = 0; i < 300; i++) {
        rows = (await after.query(`SELECT id, released_at FROM grants WHERE id = ANY($1) ORDER BY id`, [[capsule.id, afterDeath.id]])).rows;
        state = (await after.query(`SELECT state FROM legacy_plans`)).rows[0]?.state;
        if (rows.every((r) => r.released_at) && state === 'released') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(state).toBe('released');
      const byId = new Map(rows.map((r) => [r.id, r.released_at]));
      expect(byId.get(capsule.id)!.getTime()).toBeGreaterThanOrEqual(releaseAt.getTime());
      expect(byId.get(afterDeath.id)!.getTime()).toBeGreaterThanOrEqual(vetoEndsAt.getTime());
      const chain = await after.query(`SELECT event FROM legacy_audit ORDER BY id`);
      expect(chain.rows.map((r: { event: string }) => r.event)).toEqual(expect.arrayContaining(['time capsule released', 'released']));
    } finally {
      await after.end();
    }

    // each heir is told (no SMTP_URL: the mail is an .eml in the outbox), without any key code or link token
    const outbox = path.join(dataDir, 'outbox');
    for (const address of ['hana@example.com', 'otto@example.com']) {
      let mails: string[] = [];
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.includes(address) && f.endsWith('.eml')) : [];
        if (mails.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(mails, address).toHaveLength(1);
      const text = fs.readFileSync(path.join(outbox, mails[0]!), 'utf8');
      expect(text).toMatch(/left something for you/);
      expect(text).not.toMatch(/token=/);
    }
  }, 120_000);
});
