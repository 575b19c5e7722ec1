import { createRequire } from 'node:module';
import path from 'node:path';
import { type Managed, startProcess, waitFor } from './processes';

export const S3_BUCKET = 'mercado-gamer';
// s3rver accepts these fixed credentials.
const S3_KEY = 'S3RVER';

/** An S3-compatible store (s3rver, its objects in `directory`) with the cluster's bucket. */
export async function startS3(options: { directory: string; port: number; log: string; root: string }) {
  const cli = createRequire(path.join(options.root, 'package.json')).resolve('s3rver/bin/s3rver.js');
  const endpoint = `http://127.0.0.1:${options.port}`;
  const process_ = startProcess(
    process.execPath,
    [
      cli,
      '-d',
      options.directory,
      '-a',
      '127.0.0.1',
      '-p',
      String(options.port),
      '--configure-bucket',
      S3_BUCKET,
    ],
    { cwd: options.root, log: options.log },
  );
  // A bucket listing answers once the server is up and the bucket made.
  await waitFor('s3rver', async () => (await fetch(`${endpoint}/${S3_BUCKET}`)).ok, process_, 30_000);
  return { process: process_ satisfies Managed, endpoint };
}

/** The app's S3_* settings for this store (src/server/config.ts). */
export const s3Env = (endpoint: string) => ({
  S3_BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: S3_KEY,
  S3_SECRET_ACCESS_KEY: S3_KEY,
  S3_FORCE_PATH_STYLE: 'true',
});
