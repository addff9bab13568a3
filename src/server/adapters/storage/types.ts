import type { Readable } from 'node:stream';

/** Where and how the browser sends a file straight to the store. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** Headers the request must carry exactly (they are part of the signature). */
  headers?: Record<string, string>;
}

export interface ObjectInfo {
  size: number;
  contentType: string | undefined;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where logo files live: local disk by default, or an S3-compatible bucket. */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /**
   * A URL the browser can PUT the file to directly, or null when the store cannot take one (local
   * disk: the app receives the bytes itself, on a one-time URL of its own).
   */
  uploadTarget(key: string, contentType?: string): Promise<UploadTarget | null>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes (or some of them), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removing an object that does not exist is not an error. */
  remove(key: string): Promise<void>;
  /** The address browsers load the object from. */
  publicUrl(key: string): string;
}
