// A local S3 server (the tests' s3rver) in a process of its own, so the escrow benchmark's memory figures are
// heirloom's alone. Prints the bucket's settings as one JSON line, then serves until it is stopped.
import { startLocalS3 } from '../tests/helpers/s3';

const s3 = await startLocalS3();
process.stdout.write(`${JSON.stringify(await s3.newBucket())}\n`);
process.on('SIGTERM', () => void s3.close().finally(() => process.exit(0)));
