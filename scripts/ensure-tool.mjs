// Tests and benchmarks that need a program from Debian (Chromium, heif-enc) install it when run as root, as
// a fresh machine needs, or stop with one message saying what to install.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function found(command) {
  if (command.includes('/')) return fs.existsSync(command);
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

/**
 * Makes sure `command` (a name on PATH or an absolute path) exists, installing Debian's `debianPackage` with
 * apt-get when running as root. `purpose` says who needs it, for the messages.
 */
export function ensureTool(command, debianPackage, purpose) {
  if (found(command)) return;
  if (process.getuid?.() === 0) {
    console.log(`${purpose} needs ${command}; installing Debian's ${debianPackage} with apt-get (needs the Debian mirror)...`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      /* reported below */
    }
    if (found(command)) return;
  }
  console.error(`${purpose} needs ${command}: install Debian's "${debianPackage}" package (sudo apt-get install ${debianPackage}).`);
  process.exit(1);
}
