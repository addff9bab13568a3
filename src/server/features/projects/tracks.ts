import {
  TRACK_STAGES,
  type MilestoneTrack,
  type Stage,
  type TrackKind,
} from '../../../contract/projects/projects.js';
import { addDays, isoDate, type LocalDate } from '../../lib/zoned-time.js';

/**
 * Which tracks a plan has, from its services as the plan's (English) feature lines name them
 * (docs/decisions/039): a line naming a website gives the Website track; 'N AI Generated
 * Commercials' gives Commercial 1 … N (at most 2; a line naming commercials without a number gives
 * one); a line naming social media gives the Social media track. 24/7 support is no track: it is
 * answered as support requests, not delivered as milestones.
 */
export function tracksOfPlan(features: readonly string[]): TrackKind[] {
  const text = features.map((f) => f.toLowerCase());
  const tracks: TrackKind[] = [];
  if (text.some((f) => f.includes('website'))) tracks.push('website');
  let commercials = 0;
  for (const line of text) {
    if (!line.includes('commercial')) continue;
    const count = /(\d+)/.exec(line);
    commercials = Math.max(commercials, count ? Number(count[1]) : 1);
  }
  if (commercials >= 1) tracks.push('commercial-1');
  if (commercials >= 2) tracks.push('commercial-2');
  if (text.some((f) => f.includes('social media'))) tracks.push('social');
  return tracks;
}

/** Days from the first payment to each stage's first due date: the plan the team starts from. */
const DUE_AFTER_DAYS: Record<MilestoneTrack, number[]> = {
  website: [7, 21, 42, 49, 56],
  'commercial-1': [14, 28, 35, 42],
  'commercial-2': [44, 58, 65, 72],
};

/** A new track's milestones, due counted from the day the client first paid. */
export function firstMilestones(track: MilestoneTrack, start: LocalDate) {
  return TRACK_STAGES[track].map((stage: Stage, position) => ({
    track,
    stage,
    position,
    dueOn: isoDate(addDays(start, DUE_AFTER_DAYS[track][position]!)),
  }));
}

/** Posts planned a month when the social track starts (three a week); the team adjusts them. */
export const FIRST_MONTHS_PLANNED = 12;
export const FIRST_SOCIAL_MONTHS = 3;

/** The calendar's first months: the month of the first payment and the next ones ('2026-11'). */
export function firstSocialMonths(start: LocalDate): string[] {
  return Array.from({ length: FIRST_SOCIAL_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(start.year, start.month - 1 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
