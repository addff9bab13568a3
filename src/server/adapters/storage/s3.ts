import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import type { ByteRange, ObjectInfo, Storage } from './types.js';

export type S3Options = Extract<Config['storage'], { kind: 's3' }>;

/** A presigned upload URL lasts as long as our own one-time upload links. */
export const PRESIGNED_PUT_SECONDS = 15 * 60;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Where the browser sends presigned uploads: the bucket's own address (path- or virtual-host-style). */
export function s3UploadOrigin(options: S3Options): string {
  if (!options.endpoint) return `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

/** The address objects are read from: S3_PUBLIC_URL (a CDN or the bucket's public domain) or the bucket itself. */
export function s3PublicBase(options: S3Options): string {
  if (options.publicUrl) return options.publicUrl;
  const origin = s3UploadOrigin(options);
  return options.endpoint && options.forcePathStyle ? `${origin}/${options.bucket}` : origin;
}

/** An S3-compatible bucket (AWS, MinIO, R2, …); S3_ENDPOINT and S3_FORCE_PATH_STYLE select the non-AWS ones. */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    // Otherwise a presigned PUT carries the checksum of an empty body and the store refuses the real file;
    // several S3-compatible stores also reject the SDK's default checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default; an unreachable store must fail the upload, not hang it
    // (docs/decisions/010). Three attempts (the default) of at most ~15 s each.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 15_000 },
  });
  const Bucket = options.bucket;
  const base = s3PublicBase(options);
  const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

  return {
    kind: 's3',
    async uploadTarget(key: string, contentType?: string) {
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ...(contentType ? { ContentType: contentType } : {}),
      });
      // Signed, so the browser cannot store the file under another type (text/html on the bucket's origin).
      const url = await getSignedUrl(client, command, {
        expiresIn: PRESIGNED_PUT_SECONDS,
        ...(contentType ? { signableHeaders: new Set(['content-type']) } : {}),
      });
      return {
        url,
        method: 'PUT',
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      };
    },

    async put(key: string, bytes: Buffer, contentType: string) {
      // Server-named keys never change content, so caches may keep them for a year.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async get(key: string, range?: ByteRange): Promise<Readable | null> {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return res.Body instanceof Readable ? res.Body : Readable.from([]);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        // A range past the end of an empty object.
        if (statusOf(error) === 416) return Readable.from([]);
        throw error;
      }
    },

    async head(key: string): Promise<ObjectInfo | null> {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async remove(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    publicUrl: (key: string) => `${base}/${encodeKey(key)}`,
  };
}
