import * as z from 'zod/mini';
import { answer, isoDate, isoTime } from '../lib/answer.js';
import {
  clearDoNotContact,
  deleteLead,
  exportLeadsCsv,
  findLeadSocialProfiles,
  getLeadBoard,
  getLeadDigest,
  LEAD_STATUSES,
  listLeads,
  markDoNotContact,
  markResultDoNotContact,
  saveLead,
  setLeadDigest,
  updateLead,
  type Lead,
  type LeadBoard,
  type LeadDigestSetting,
  type LeadPage,
} from './leads.js';
import {
  getWebsiteCheck,
  latestWebsiteChecks,
  runWebsiteCheck,
  WEBSITE_CHECK_WEIGHTS,
  type WebsiteCheck,
  type WebsiteCheckId,
} from './website-checks.js';

const PROVIDERS = ['directory', 'google', 'osm'] as const;

export const socialProfile = z.strictObject({ network: z.string(), url: z.string() });

export const lead: z.ZodMiniType<Lead> = z.strictObject({
  id: z.string(),
  provider: z.enum(PROVIDERS),
  sourceId: z.string(),
  name: z.string(),
  category: z.nullable(z.string()),
  address: z.nullable(z.string()),
  rating: z.nullable(z.string().check(z.regex(/^\d\.\d$/))),
  reviewCount: z.nullable(z.int()),
  website: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  socialProfiles: z.array(socialProfile),
  socialCheckedAt: z.nullable(isoTime()),
  status: z.enum(LEAD_STATUSES),
  note: z.nullable(z.string()),
  nextFollowUp: z.nullable(isoDate()),
  lastContacted: z.nullable(isoDate()),
  doNotContact: z.boolean(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
});

const leadPage: z.ZodMiniType<LeadPage> = z.strictObject({
  items: z.array(lead),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  today: isoDate(),
});

const leadBoard: z.ZodMiniType<LeadBoard> = z.strictObject({
  columns: z.array(
    z.strictObject({ status: z.enum(LEAD_STATUSES), total: z.int(), items: z.array(lead) }),
  ),
  today: isoDate(),
});

const digestSetting: z.ZodMiniType<LeadDigestSetting> = z.strictObject({ enabled: z.boolean() });

const CHECK_IDS = Object.keys(WEBSITE_CHECK_WEIGHTS) as [WebsiteCheckId, ...WebsiteCheckId[]];

const websiteCheck: z.ZodMiniType<WebsiteCheck> = z.strictObject({
  id: z.string(),
  businessId: z.string(),
  provider: z.enum(PROVIDERS),
  sourceId: z.string(),
  name: z.string(),
  website: z.string(),
  status: z.enum(['checked', 'blocked', 'failed']),
  score: z.nullable(z.int().check(z.gte(0), z.lte(100))),
  message: z.nullable(z.string()),
  findings: z.array(
    z.strictObject({
      id: z.enum(CHECK_IDS),
      label: z.string(),
      passed: z.boolean(),
      points: z.int(),
      detail: z.string(),
      angle: z.nullable(z.string()),
    }),
  ),
  finalUrl: z.nullable(z.string()),
  responseMs: z.nullable(z.number()),
  pageBytes: z.nullable(z.int()),
  checkedAt: isoTime(),
});

export const answers = [
  answer(listLeads, leadPage),
  answer(getLeadBoard, leadBoard),
  answer(exportLeadsCsv, null),
  answer(getLeadDigest, digestSetting),
  answer(setLeadDigest, digestSetting),
  answer(saveLead, lead),
  answer(updateLead, lead),
  answer(markResultDoNotContact, lead),
  answer(markDoNotContact, lead),
  answer(clearDoNotContact, lead),
  answer(deleteLead, null),
  answer(findLeadSocialProfiles, lead),
  answer(runWebsiteCheck, websiteCheck),
  answer(latestWebsiteChecks, z.array(websiteCheck)),
  answer(getWebsiteCheck, websiteCheck),
];
