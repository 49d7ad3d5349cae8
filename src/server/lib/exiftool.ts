// The one ExifTool of the process (exiftool-vendored: Perl processes kept open), for what reads or writes
// pictures' metadata: the places of shared pictures (image-places.ts) and the named faces in a file
// (face-regions.ts).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { DefaultExiftoolArgs, ExifTool } from 'exiftool-vendored';

/**
 * `setpriv --pdeathsig KILL` where the system has it (Linux), as for ffmpeg: ExifTool in `-stay_open` mode
 * keeps waiting at the end of its input, so without it every process would outlive a killed server.
 */
const leash = promisify(execFile)('setpriv', ['--version']).then(
  () => ['setpriv', '--pdeathsig', 'KILL', '--'],
  () => [],
);

/** Two Perl processes at most, ended after a minute without work; each read or write waits its turn. */
export const exiftool: ExifTool = new ExifTool({
  maxProcs: 2,
  maxIdleMsPerProcess: 60_000,
  taskTimeoutMillis: 60_000,
  taskRetries: 0,
  useMWG: false,
  processFactory: async () => {
    const [command, ...args] = [...(await leash), 'perl', await exiftool.exiftoolPath(), ...DefaultExiftoolArgs];
    // the C locale, as exiftool-vendored starts it: a locale Perl lacks would print a warning it reads as an error
    return spawn(command!, args, { stdio: 'pipe', env: { LANG: 'C' } });
  },
});
