// ffmpeg and ffprobe (decision 038): found once at start-up, run as child processes so a long transcode never
// blocks the event loop. The binaries come with `npm ci` (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe,
// static builds inside npm packages); FFMPEG_PATH / FFPROBE_PATH choose others. Without them heirloom still
// runs: videos are stored and offered for download, with no posters or playable copies.
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface MediaTools {
  /** Both binaries answered `-version` at start-up. */
  readonly available: boolean;
  /**
   * What ffmpeg is started through so it dies with the server (Linux: util-linux's `setpriv --pdeathsig`).
   * ffmpeg ignores SIGPIPE, so a kill -9 of the server would otherwise leave it transcoding to the end.
   */
  readonly leash?: string[];
  /** Why not, in words an operator can act on; undefined when available. */
  readonly problem?: string;
  ffmpegPath: string;
  ffprobePath: string;
}

const require = createRequire(import.meta.url);

/** The binary an npm package ships for this platform, or undefined (no such package, or none for this platform). */
function packagedBinary(packageName: string): string | undefined {
  try {
    return (require(packageName) as { path: string }).path;
  } catch {
    return undefined;
  }
}

function answers(binary: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, args, { timeout: 10_000 }, (err) => resolve(!err));
  });
}
const answersVersion = (binary: string) => answers(binary, ['-hide_banner', '-version']);

/** `setpriv --pdeathsig KILL --` where the system has it (Linux), else nothing. */
async function findLeash(): Promise<string[] | undefined> {
  return (await answers('setpriv', ['--version'])) ? ['setpriv', '--pdeathsig', 'KILL', '--'] : undefined;
}

export const MISSING_FFMPEG_HELP =
  'Videos will be stored and offered for download, without posters, previews or playable copies. ' +
  'ffmpeg normally comes with `npm ci` (the @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe packages, ' +
  'for Linux, macOS and Windows on x64 and arm64). Otherwise install ffmpeg (e.g. `apt-get install ffmpeg` or ' +
  '`brew install ffmpeg`) and restart heirloom, or set FFMPEG_PATH and FFPROBE_PATH to the two programs.';

const found = new Map<string, Promise<MediaTools>>();

/**
 * Find and check ffmpeg and ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the npm packages, else the PATH. Checked
 * once per pair of paths in a process (tests build many apps).
 */
export function findMediaTools(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string } = {}): Promise<MediaTools> {
  const key = `${env.FFMPEG_PATH ?? ''}\0${env.FFPROBE_PATH ?? ''}`;
  let tools = found.get(key);
  if (!tools) {
    tools = checkMediaTools(env);
    found.set(key, tools);
  }
  return tools;
}

async function checkMediaTools(env: { FFMPEG_PATH?: string; FFPROBE_PATH?: string }): Promise<MediaTools> {
  const ffmpegPath = env.FFMPEG_PATH || packagedBinary('@ffmpeg-installer/ffmpeg') || 'ffmpeg';
  const ffprobePath = env.FFPROBE_PATH || packagedBinary('@ffprobe-installer/ffprobe') || 'ffprobe';
  const [ffmpegOk, ffprobeOk, leash] = await Promise.all([answersVersion(ffmpegPath), answersVersion(ffprobePath), findLeash()]);
  if (ffmpegOk && ffprobeOk) return { available: true, ffmpegPath, ffprobePath, leash };
  const missing = [!ffmpegOk && `ffmpeg (tried ${ffmpegPath})`, !ffprobeOk && `ffprobe (tried ${ffprobePath})`].filter(Boolean);
  return { available: false, problem: `${missing.join(' and ')} could not be run.`, ffmpegPath, ffprobePath };
}

export class MediaToolError extends Error {}

const MAX_STDERR = 4000;

/** ffprobe's JSON description of a file's container and streams. */
export function probe(tools: MediaTools, file: string, timeoutMs = 60_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile(
      tools.ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: timeoutMs, maxBuffer: 8 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new MediaToolError(`ffprobe failed: ${String(stderr).slice(0, MAX_STDERR) || err.message}`));
        try {
          resolve(JSON.parse(stdout) as unknown);
        } catch {
          reject(new MediaToolError('ffprobe answered something that is not JSON'));
        }
      },
    );
  });
}

export interface RunOptions {
  /** The input's length, to turn ffmpeg's progress into a fraction. */
  durationMs?: number | null;
  /** Called with 0..1 as ffmpeg reports progress (about twice a second). */
  onProgress?: (fraction: number) => void;
  /** Aborting kills ffmpeg (shutdown, or the video was deleted meanwhile). */
  signal?: AbortSignal;
  /** Lower priority than the web server, so requests keep their CPU share during a transcode. */
  nice?: boolean;
}

/**
 * Run ffmpeg with `args` (inputs, filters and output); resolves when it exits 0. Progress comes from
 * `-progress pipe:1`, parsed line by line; stderr keeps only its tail for the error message.
 */
export function runFfmpeg(tools: MediaTools, args: string[], opts: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const fullArgs = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      ...(opts.onProgress ? ['-progress', 'pipe:1', '-nostats'] : []),
      ...args,
    ];
    const [command, ...commandArgs] = [...(tools.leash ?? []), ...(opts.nice ? ['nice', '-n', '10'] : []), tools.ffmpegPath, ...fullArgs];
    const child = spawn(command!, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-MAX_STDERR);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (!opts.onProgress) return;
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // out_time_us (out_time_ms in older builds is microseconds too)
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && opts.durationMs) opts.onProgress(Math.min(1, Number(match[1]) / 1000 / opts.durationMs));
      }
    });
    child.on('error', (err) => reject(err.name === 'AbortError' ? err : new MediaToolError(`ffmpeg could not start: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else if (opts.signal?.aborted) reject(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
      else reject(new MediaToolError(`ffmpeg ended with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}
