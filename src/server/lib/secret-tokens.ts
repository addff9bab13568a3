import crypto from 'node:crypto';

// One-time links and sessions (upload links, billing sign-in links and sessions) hand out a random
// token and keep only its hash, so a copy of the tables signs nobody in and opens nothing.

/** 32 random bytes, URL-safe: for a link or a cookie. */
export const newSecretToken = (): string => crypto.randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, hex. */
export const hashSecretToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');
