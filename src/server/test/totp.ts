import crypto from 'node:crypto';

/** RFC 4648 base32 (what otpauth:// URIs carry) to bytes. */
function base32ToBytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The code an authenticator app shows for an otpauth:// URI (RFC 6238: HMAC-SHA1, 30 s, 6 digits),
 * written from the RFC rather than taken from the library under test.
 */
export function totpFromUri(uri: string, at = Date.now()): string {
  const url = new URL(uri);
  const key = base32ToBytes(url.searchParams.get('secret')!);
  const period = Number(url.searchParams.get('period') ?? 30);
  const digits = Number(url.searchParams.get('digits') ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, '0');
}
