import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage, s3PublicBase, s3UploadOrigin } from './s3.js';
import type { Storage } from './types.js';

export type { Storage } from './types.js';

/** Local disk under DATA_DIR unless S3_BUCKET names a bucket. */
export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createDiskStorage(config.storage.dir);
}

/**
 * The outside origins the page needs for logos in a bucket: the browser PUTs to the upload origin
 * (CSP connect-src) and shows images from the public one (img-src). None for local disk.
 */
export function storageOrigins(config: Config): { upload: string; public: string } | undefined {
  if (config.storage.kind !== 's3') return undefined;
  return {
    upload: s3UploadOrigin(config.storage),
    public: new URL(s3PublicBase(config.storage)).origin,
  };
}
