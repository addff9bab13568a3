import * as z from 'zod/mini';
import type { SocialProfile } from '../businesses/businesses.js';
import type { Endpoint } from '../lib/endpoint.js';
import { isHttpUrl, withWebScheme } from '../lib/web-address.js';

/**
 * The client's onboarding ('Tell us about your business', issue 29 §3): a draft the billing page
 * saves while the client types, submitted once to the project manager. The draft takes any text
 * within its limits (a half-typed address must still save); submitting checks what is required and
 * that addresses and colours are well formed (`onboardingProblems`), the same rules on both sides.
 */

export const ONBOARDING_LIMITS = {
  shortText: 200,
  longText: 4000,
  colours: 6,
  likedSites: 5,
  url: 2048,
  /** Photos a client may keep; a logo is one file (a new one replaces it). */
  photos: 12,
} as const;

/** The social networks the form asks about, in its order. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'tiktok',
  'x',
  'linkedin',
  'youtube',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const ONBOARDING_FILE_KINDS = ['logo', 'photo'] as const;
export type OnboardingFileKind = (typeof ONBOARDING_FILE_KINDS)[number];

const text = (max: number) =>
  z._default(z.string().check(z.maxLength(max, `At most ${max} characters`)), '');

/** What the form holds, as the draft keeps it. */
export const onboardingAnswersSchema = z.object({
  /** Carried over from the registration, then the client's own copy (the registration stays as it was billed). */
  businessName: text(ONBOARDING_LIMITS.shortText),
  ownerName: text(ONBOARDING_LIMITS.shortText),
  phone: text(60),
  address: text(300),
  description: text(ONBOARDING_LIMITS.longText),
  /** Brand colours as '#rrggbb' (a half-typed one is kept in the draft and refused on submit). */
  colours: z._default(
    z.array(z.string().check(z.maxLength(7))).check(z.maxLength(ONBOARDING_LIMITS.colours)),
    [],
  ),
  /** The domain they have now ('bakery.com'), blank when none, and who hosts it. */
  domain: text(253),
  domainHost: text(ONBOARDING_LIMITS.shortText),
  social: z._default(
    z
      .array(
        z.object({
          network: z.enum(SOCIAL_NETWORKS),
          url: z.string().check(z.maxLength(ONBOARDING_LIMITS.url)),
        }),
      )
      .check(z.maxLength(SOCIAL_NETWORKS.length)),
    [],
  ),
  goals: text(ONBOARDING_LIMITS.longText),
  likedSites: z._default(
    z
      .array(z.string().check(z.maxLength(ONBOARDING_LIMITS.url)))
      .check(z.maxLength(ONBOARDING_LIMITS.likedSites)),
    [],
  ),
});
export type OnboardingAnswers = z.output<typeof onboardingAnswersSchema>;

/** A save carries the version it was made from: an older one (another tab saved since) is refused with 409. */
export const onboardingSaveInput = z.object({
  version: z.int().check(z.minimum(0), z.maximum(2_000_000_000)),
  answers: onboardingAnswersSchema,
});
export type OnboardingSaveInput = z.input<typeof onboardingSaveInput>;
export const ONBOARDING_LABELS: Record<string, string> = {
  version: 'Version',
  answers: 'Answers',
  'answers.businessName': 'Business name',
  'answers.description': 'What your business does',
  'answers.goals': 'Goals',
};

export const emptyOnboardingAnswers = (): OnboardingAnswers => ({
  businessName: '',
  ownerName: '',
  phone: '',
  address: '',
  description: '',
  colours: [],
  domain: '',
  domainHost: '',
  social: [],
  goals: '',
  likedSites: [],
});

export const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** A domain as people type it ('bakery.com', 'www.bakery.com', 'https://bakery.com/'). */
const DOMAIN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\/?$/i;

/** One problem found on submit: the field's path (as in a 400's issues) and its error code. */
export interface OnboardingProblem {
  field: string;
  code: 'field_required' | 'field_web_address' | 'field_colour' | 'field_domain';
  message: string;
}

/** An address as the client typed it, with https:// added to a bare host ('bakery.com'). */
export const typedAddress = (value: string) => withWebScheme(value.trim());

/**
 * What stops a submission: required answers left blank, and addresses, colours or a domain that
 * are not well formed. Empty when the answers can be sent. Field names are the answers' paths.
 */
export function onboardingProblems(a: OnboardingAnswers): OnboardingProblem[] {
  const problems: OnboardingProblem[] = [];
  const required = (field: keyof OnboardingAnswers, label: string) => {
    if (String(a[field]).trim() === '')
      problems.push({ field, code: 'field_required', message: `${label} is required` });
  };
  required('businessName', 'Business name');
  required('description', 'What your business does');
  required('goals', 'Goals');
  a.colours.forEach((colour, i) => {
    if (!HEX_COLOUR.test(colour))
      problems.push({
        field: `colours.${i}`,
        code: 'field_colour',
        message: 'Enter a colour as # and six hexadecimal digits, like #1a2b3c',
      });
  });
  if (a.domain.trim() !== '' && !DOMAIN.test(a.domain.trim()))
    problems.push({
      field: 'domain',
      code: 'field_domain',
      message: 'Enter a domain name, like yourbusiness.com',
    });
  const address = (field: string, value: string) => {
    if (value.trim() !== '' && !isHttpUrl(typedAddress(value)))
      problems.push({
        field,
        code: 'field_web_address',
        message: 'Enter a web address starting with http:// or https://',
      });
  };
  a.social.forEach((s, i) => address(`social.${i}`, s.url));
  a.likedSites.forEach((site, i) => address(`likedSites.${i}`, site));
  return problems;
}

/** The answers as they are sent to the team: addresses completed, blanks dropped. */
export function tidyAnswers(a: OnboardingAnswers): OnboardingAnswers {
  return {
    ...a,
    colours: a.colours.map((c) => c.toLowerCase()),
    social: a.social
      .filter((s) => s.url.trim() !== '')
      .map((s) => ({ network: s.network, url: typedAddress(s.url) })),
    likedSites: a.likedSites.filter((s) => s.trim() !== '').map(typedAddress),
  };
}

export interface OnboardingFile {
  id: string;
  kind: OnboardingFileKind;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
}

export type OnboardingStatus = 'draft' | 'submitted';

/** The onboarding as its page (and an employee) reads it. */
export interface OnboardingView {
  status: OnboardingStatus;
  /** 0 before anything was saved; each save adds one. */
  version: number;
  answers: OnboardingAnswers;
  files: OnboardingFile[];
  updatedAt: string | null;
  submittedAt: string | null;
}

export interface OnboardingSaved {
  version: number;
  updatedAt: string;
}

/** The social profile of an answer, in the shape leads keep them. */
export type OnboardingSocial = SocialProfile & { network: SocialNetwork };

// The client's side: under the billing page's path, so its session cookie comes along.
export const getOnboarding: Endpoint<OnboardingView> = {
  method: 'GET',
  path: '/api/account/onboarding',
};
export const saveOnboardingDraft: Endpoint<OnboardingSaved, OnboardingSaveInput> = {
  method: 'PUT',
  path: '/api/account/onboarding',
};
/** Saves the answers and sends them: 400 naming each field that stops it. */
export const submitOnboarding: Endpoint<OnboardingView, OnboardingSaveInput> = {
  method: 'POST',
  path: '/api/account/onboarding/submit',
};
/**
 * A logo or photo: the image's bytes as the body (PNG, JPEG or WebP, at most 5 MB), the kind in
 * the query. The browser sends the file with its own type, so it calls this with fetch, not JSON.
 */
export const uploadOnboardingFile: Endpoint<OnboardingFile, Blob, { kind: OnboardingFileKind }> = {
  method: 'POST',
  path: '/api/account/onboarding/files',
};
export const deleteOnboardingFile: Endpoint<undefined> = {
  method: 'DELETE',
  path: '/api/account/onboarding/files/:fileId',
};
/** The re-encoded image (an `<img src>`), the client's own only. */
export const getOnboardingFile: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/account/onboarding/files/:fileId',
};
export const onboardingFileQuery = z.object({
  kind: z.enum(ONBOARDING_FILE_KINDS, 'Kind must be logo or photo'),
});

// The team's side: a client's onboarding on their record.
export const getClientOnboarding: Endpoint<OnboardingView> = {
  method: 'GET',
  path: '/api/clients/:id/onboarding',
};
export const getClientOnboardingFile: Endpoint<Blob> = {
  method: 'GET',
  path: '/api/clients/:id/onboarding/files/:fileId',
};

/** The image's address for an `<img src>`: the client's own, or an employee's view of a client's. */
export const onboardingFileUrl = (fileId: string, clientId?: string) =>
  clientId
    ? getClientOnboardingFile.path.replace(':id', clientId).replace(':fileId', fileId)
    : getOnboardingFile.path.replace(':fileId', fileId);
