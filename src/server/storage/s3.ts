import { Readable } from 'node:stream';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { isValidKey } from './local';
import { isValidPrefix, type ListedFile, type Storage } from './storage';

/** DeleteObjects takes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

/** Objects in an S3 bucket (AWS, or any S3-compatible store through `endpoint`). */
export function createS3Storage(s3: NonNullable<Config['media']['s3']>): Storage {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = s3;
  // The SDK takes seconds to import: loaded here, when S3 is configured, not by everything that imports the app.
  const sdk = import('@aws-sdk/client-s3');
  const options: S3ClientConfig = {
    region,
    endpoint,
    forcePathStyle,
    // Unset keys: the SDK's default chain (environment, instance role…).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // S3-compatible stores (MinIO, R2, B2…) reject the flexible-checksum headers the SDK now sends by default.
    ...(endpoint && {
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  };
  const client = sdk.then(({ S3Client }) => new S3Client(options));

  async function* list(prefix: string): AsyncGenerator<ListedFile> {
    if (!isValidPrefix(prefix, isValidKey)) throw new Error(`Invalid storage prefix: ${prefix}`);
    const { ListObjectsV2Command } = await sdk;
    let token: string | undefined;
    do {
      const page = await (await client).send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function deleteKeys(keys: string[]) {
    const { DeleteObjectsCommand } = await sdk;
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await (await client).send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      // A missing key counts as deleted; anything reported here is a real failure.
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`S3 could not delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
      }
    }
  }

  return {
    list,

    async check() {
      // HeadBucket: one request, no body, and it fails the way uploads would (credentials, bucket, network).
      const { HeadBucketCommand } = await sdk;
      await (await client).send(new HeadBucketCommand({ Bucket: bucket }));
    },

    async deletePrefix(prefix) {
      if (prefix === '') throw new Error('Refusing to delete every object');
      const keys: string[] = [];
      for await (const file of list(prefix)) keys.push(file.key);
      await deleteKeys(keys);
    },

    async put(key, body, contentType) {
      const { PutObjectCommand } = await sdk;
      await (await client).send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Keys are never rewritten, so a CDN in front of the bucket may cache them for good.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async get(key) {
      const { GetObjectCommand, S3ServiceException } = await sdk;
      try {
        const object = await (await client).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength,
        };
      } catch (error) {
        if (
          error instanceof S3ServiceException &&
          (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
        ) {
          return null;
        }
        throw error;
      }
    },

    delete: deleteKeys,
  };
}
