// The fault tier kills and restarts the server dozens of times: it starts the production build, made here
// once if the sources changed since the last one (tests/helpers/process.ts).
import { build, isStale } from '../../scripts/build.mjs';

export default function setup() {
  if (isStale()) build();
}
