import * as z from 'zod/mini';
import { answer, isoTime } from '../lib/answer.js';
import {
  getClientOnboarding,
  getClientOnboardingFile,
  getOnboarding,
  getOnboardingFile,
  deleteOnboardingFile,
  ONBOARDING_FILE_KINDS,
  saveOnboardingDraft,
  SOCIAL_NETWORKS,
  submitOnboarding,
  uploadOnboardingFile,
  type OnboardingFile,
  type OnboardingView,
} from './onboarding.js';

const file: z.ZodMiniType<OnboardingFile> = z.strictObject({
  id: z.string(),
  kind: z.enum(ONBOARDING_FILE_KINDS),
  contentType: z.string(),
  bytes: z.int(),
  width: z.int(),
  height: z.int(),
  createdAt: isoTime(),
});

const view: z.ZodMiniType<OnboardingView> = z.strictObject({
  status: z.enum(['draft', 'submitted']),
  version: z.int(),
  answers: z.strictObject({
    businessName: z.string(),
    ownerName: z.string(),
    phone: z.string(),
    address: z.string(),
    description: z.string(),
    colours: z.array(z.string()),
    domain: z.string(),
    domainHost: z.string(),
    social: z.array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: z.string() })),
    goals: z.string(),
    likedSites: z.array(z.string()),
  }),
  files: z.array(file),
  updatedAt: z.nullable(isoTime()),
  submittedAt: z.nullable(isoTime()),
});

export const answers = [
  answer(getOnboarding, view),
  answer(saveOnboardingDraft, z.strictObject({ version: z.int(), updatedAt: isoTime() })),
  answer(submitOnboarding, view),
  answer(uploadOnboardingFile, file),
  answer(deleteOnboardingFile, null),
  answer(getOnboardingFile, null),
  answer(getClientOnboarding, view),
  answer(getClientOnboardingFile, null),
];
