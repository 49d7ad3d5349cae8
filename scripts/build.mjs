// Builds the web app (vite) and the server bundle (tsup) into $HEIRLOOM_DIST (default ./dist), prerenders the
// landing page into web/landing.html (decision 035), then writes brotli and gzip copies of text assets so they
// are served pre-compressed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export function build(root = process.cwd()) {
  const dist = path.resolve(root, process.env.HEIRLOOM_DIST ?? 'dist');
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  const env = { ...process.env, HEIRLOOM_BUILD_YEAR: process.env.HEIRLOOM_BUILD_YEAR ?? String(new Date().getFullYear()) };
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  execFileSync(bin('tsup'), ['--silent'], { cwd: root, stdio: 'inherit', env });
  // The message catalogues the server reads at start (src/server/lib/i18n.ts), beside its bundle.
  fs.rmSync(path.join(dist, 'messages'), { recursive: true, force: true });
  fs.cpSync(path.join(root, 'src', 'shared', 'i18n', 'messages'), path.join(dist, 'messages'), { recursive: true });
  // A build placed outside the checkout still resolves its runtime packages from this checkout.
  const link = path.join(dist, 'node_modules');
  if (!dist.startsWith(root + path.sep) && !fs.existsSync(link)) fs.symlinkSync(path.join(root, 'node_modules'), link, 'dir');
  // The landing page's server bundle (react-dom/server + the app), run once here to write web/landing.html.
  const prerender = path.join(dist, 'prerender');
  execFileSync(bin('vite'), ['build', '--ssr', 'entry-prerender.tsx', '--outDir', prerender, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  execFileSync(process.execPath, [path.join(root, 'scripts', 'prerender.mjs'), dist], { cwd: root, stdio: 'inherit', env });
  const web = path.join(dist, 'web');
  for (const entry of fs.readdirSync(web, { recursive: true })) {
    const file = path.join(web, String(entry));
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || !fs.statSync(file).isFile()) continue;
    if (String(entry).startsWith('.vite')) continue; // read by the server, never sent
    const data = fs.readFileSync(file);
    // Small files too (the landing page's entry script is ~1 KB), but only where compressing saves bytes.
    const br = zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = zlib.gzipSync(data, { level: 9 });
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  }
  fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString());
}

/** True when any source file is newer than the last build (or there is no build). */
export function isStale(root = process.cwd()) {
  const dist = path.resolve(root, process.env.HEIRLOOM_DIST ?? 'dist');
  const stamp = path.join(dist, '.build-stamp');
  if (!fs.existsSync(stamp) || !fs.existsSync(path.join(dist, 'server', 'main.js'))) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const inputs = ['src', 'package-lock.json', 'vite.config.ts', 'tsup.config.ts', 'tsconfig.json'];
  const newer = (p) => {
    const st = fs.statSync(p);
    if (st.mtimeMs > built) return true;
    if (!st.isDirectory()) return false;
    return fs.readdirSync(p).some((e) => !e.endsWith('.test.ts') && !e.endsWith('.test.tsx') && newer(path.join(p, e)));
  };
  return inputs.some((i) => fs.existsSync(path.join(root, i)) && newer(path.join(root, i)));
}

if (import.meta.url === `file://${process.argv[1]}`) build();
