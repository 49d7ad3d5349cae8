import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createScratchDatabase, startTempPostgres } from '@tests/helpers/database';

export const isRoot = process.getuid?.() === 0;

/** A PostgreSQL the test may stop and start: the machine's cluster when CI names it, else an embedded one. */
export async function stoppableDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const clusters = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  if (url && isRoot && clusters.length > 0) {
    const scratch = await createScratchDatabase({ connectionString: url }, 'heirloom_fault');
    const version = clusters[0]!;
    const ctl = (action: 'start' | 'stop') =>
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'ignore' });
    return {
      url: scratch.config.connectionString!,
      stop: async () => ctl('stop'),
      start: async () => ctl('start'),
      dispose: () => scratch.drop(),
    };
  }
  return startTempPostgres('heirloom-faultdb');
}
