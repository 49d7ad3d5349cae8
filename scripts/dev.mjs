// npm run dev: the server with reload (tsx watch) on :5000 and Vite's dev server on :5173.
import { spawn } from 'node:child_process';

const children = [
  spawn('node_modules/.bin/tsx', ['watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
