import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

export interface FakeS3Object {
  body: Buffer;
  contentType: string | undefined;
}

export interface RecordedS3Request {
  method: string;
  key: string;
  presigned: boolean;
  range: string | undefined;
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();
/** SigV4's URI encoding: RFC 3986 unreserved characters only. */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
const fromAmzDate = (d: string) =>
  Date.parse(d.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
const s3Error = (status: number, code: string, message: string): Answer => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

/**
 * A local S3-compatible store: the path-style REST API (`PUT`, `HEAD`, `GET` with `Range`,
 * `DELETE` on `/{bucket}/{key}`) for one bucket, in memory. Like S3 it authenticates every request
 * with Signature Version 4, in the Authorization header (the SDK's calls) or in the query string
 * (presigned URLs): the signature is recomputed from the shared secret and compared, presigned URLs
 * are refused after X-Amz-Date + X-Amz-Expires, and a CRC32 checksum sent along must match the body.
 * `state.clockSkewMs` moves the fake's clock forward to test expiry.
 */
export async function startFakeS3(options: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}) {
  const objects = new Map<string, FakeS3Object>();
  const requests: RecordedS3Request[] = [];
  const state = { clockSkewMs: 0 };

  function authenticate(
    req: http.IncomingMessage,
    rawPath: string,
    query: URLSearchParams,
    body: Buffer,
  ): Answer | null {
    const now = Date.now() + state.clockSkewMs;
    const presigned = query.has('X-Amz-Signature');
    let credential: string | undefined,
      signedHeaders: string | undefined,
      signature: string | undefined,
      amzDate: string | undefined,
      payloadHash: string | undefined;
    if (presigned) {
      for (const name of [
        'X-Amz-Algorithm',
        'X-Amz-Credential',
        'X-Amz-Date',
        'X-Amz-Expires',
        'X-Amz-SignedHeaders',
      ]) {
        if (!query.get(name))
          return s3Error(
            400,
            'AuthorizationQueryParametersError',
            `Query-string authentication requires ${name}.`,
          );
      }
      [credential, signedHeaders, signature, amzDate] = [
        'X-Amz-Credential',
        'X-Amz-SignedHeaders',
        'X-Amz-Signature',
        'X-Amz-Date',
      ].map((n) => query.get(n)!);
      const expires = Number(query.get('X-Amz-Expires'));
      if (!(expires > 0 && expires <= 604_800))
        return s3Error(
          400,
          'AuthorizationQueryParametersError',
          'X-Amz-Expires must be 1 to 604800 seconds.',
        );
      if (now > fromAmzDate(amzDate!) + expires * 1000)
        return s3Error(403, 'AccessDenied', 'Request has expired');
      payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    } else {
      const match =
        /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? '',
        );
      if (!match)
        return s3Error(403, 'AccessDenied', 'Anonymous access is forbidden for this operation.');
      [, credential, signedHeaders, signature] = match;
      amzDate = String(req.headers['x-amz-date'] ?? '');
      if (Math.abs(now - fromAmzDate(amzDate)) > 15 * 60 * 1000)
        return s3Error(
          403,
          'RequestTimeTooSkewed',
          'The difference between the request time and the current time is too large.',
        );
      payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
        return s3Error(
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match what was computed.',
        );
    }
    const [accessKeyId, day, region, service] = credential!.split('/');
    if (accessKeyId !== options.accessKeyId)
      return s3Error(
        403,
        'InvalidAccessKeyId',
        'The AWS Access Key Id you provided does not exist in our records.',
      );
    const canonicalQuery = [...query.entries()]
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalHeaders = signedHeaders!
      .split(';')
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [
      req.method,
      rawPath,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/${service}/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day!), region!), service!),
      'aws4_request',
    );
    const expected = hmac(signingKey, stringToSign).toString('hex');
    if (expected !== signature)
      return s3Error(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    const checksum = query.get('x-amz-checksum-crc32') ?? req.headers['x-amz-checksum-crc32'];
    if (checksum !== undefined && checksum !== null) {
      const actual = Buffer.alloc(4);
      actual.writeUInt32BE(zlib.crc32(body));
      if (checksum !== actual.toString('base64'))
        return s3Error(
          400,
          'BadDigest',
          'The CRC32 you specified did not match the calculated checksum.',
        );
    }
    return null;
  }

  function handle(req: http.IncomingMessage, body: Buffer): Answer {
    const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const query = new URLSearchParams(rawQuery);
    const [, bucket, ...rest] = rawPath.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    requests.push({
      method: req.method ?? '',
      key,
      presigned: query.has('X-Amz-Signature'),
      range: req.headers.range,
    });
    const refused = authenticate(req, rawPath, query, body);
    if (refused) return refused;
    if (bucket !== options.bucket)
      return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    const object = objects.get(key);
    const etag = object ? `"${crypto.createHash('md5').update(object.body).digest('hex')}"` : '';
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, contentType: req.headers['content-type'] });
        return {
          status: 200,
          headers: { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` },
        };
      case 'HEAD':
        if (!object) return { status: 404 };
        return {
          status: 200,
          headers: {
            'content-length': String(object.body.length),
            'content-type': object.contentType ?? 'binary/octet-stream',
            etag,
          },
        };
      case 'GET': {
        if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        const headers = { 'content-type': object.contentType ?? 'binary/octet-stream', etag };
        const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
        if (!range) return { status: 200, headers, body: object.body };
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : Infinity, object.body.length - 1);
        if (start >= object.body.length)
          return s3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
        return {
          status: 206,
          headers: { ...headers, 'content-range': `bytes ${start}-${end}/${object.body.length}` },
          body: object.body.subarray(start, end + 1),
        };
      }
      case 'DELETE':
        objects.delete(key);
        return { status: 204 };
      default:
        return s3Error(
          405,
          'MethodNotAllowed',
          'The specified method is not allowed against this resource.',
        );
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks));
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The app's settings for this bucket (`testConfig(fake.env())`). */
    env: () => ({
      S3_BUCKET: options.bucket,
      S3_ENDPOINT: url,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
    }),
    objects,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
