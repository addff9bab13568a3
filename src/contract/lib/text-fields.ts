import * as z from 'zod/mini';
import { isHttpUrl, isSitePath } from './web-address.js';

// Form fields shared by several domains' inputs (applications, portfolio).

/** Required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

/** Optional text: blank after trimming counts as not given. */
export const blankToUndefined = (label: string, max: number) =>
  z
    .pipe(
      z.optional(z.nullable(z.string(`${label} must be text`))),
      z.transform((v) => (v == null || v.trim() === '' ? undefined : v.trim())),
    )
    .check(
      z.refine((v) => v === undefined || v.length <= max, {
        message: `${label} must be at most ${max} characters`,
        params: { code: 'field_too_long', max },
      }),
    );
/** A required http(s) address. */
export const webAddress = (message: string) =>
  z.string(message).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(2048, 'The address must be at most 2048 characters'),
    z.refine(
      (v) => v === '' || isHttpUrl(v),
      'Enter a web address starting with http:// or https://',
    ),
  );

/** A logo is an http(s) URL or a path on this site (local-disk uploads, demo logos); the service checks it is ours. */
export const logoAddress = () =>
  blankToUndefined('Logo URL', 2048).check(
    z.refine(
      (v) => v === undefined || isHttpUrl(v) || isSitePath(v),
      'Logo URL must be a web address starting with http:// or https://',
    ),
  );
