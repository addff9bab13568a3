import { describe, expect, it } from 'vitest';
import { firstMilestones, firstSocialMonths, tracksOfPlan } from './tracks.js';

describe('which tracks a plan has (docs/decisions/039)', () => {
  it('makes four tracks of the four services every demo plan has', () => {
    const demo = [
      'Website Development',
      '2 AI Generated Commercials',
      'Social Media Marketing',
      '24/7 Tech Support',
      'Up to 5 website pages',
      '1 social media channel managed',
    ];
    expect(tracksOfPlan(demo)).toEqual(['website', 'commercial-1', 'commercial-2', 'social']);
  });

  it('reads the services a plan names, whatever the case, and makes no track of support', () => {
    expect(tracksOfPlan(['Website Development', '24/7 Tech Support'])).toEqual(['website']);
    expect(tracksOfPlan(['1 AI commercial', 'social media marketing'])).toEqual([
      'commercial-1',
      'social',
    ]);
    expect(tracksOfPlan(['An AI COMMERCIAL'])).toEqual(['commercial-1']);
    expect(tracksOfPlan(['5 AI Generated Commercials'])).toEqual(['commercial-1', 'commercial-2']);
    expect(tracksOfPlan(['24/7 Tech Support', 'Monthly strategy call'])).toEqual([]);
  });

  it('dates the milestones from the first payment, and the calendar from its month', () => {
    const start = { year: 2026, month: 12, day: 20 };
    expect(firstMilestones('website', start).map((m) => [m.stage, m.dueOn])).toEqual([
      ['discovery', '2026-12-27'],
      ['design', '2027-01-10'],
      ['build', '2027-01-31'],
      ['review', '2027-02-07'],
      ['launch', '2027-02-14'],
    ]);
    expect(firstSocialMonths(start)).toEqual(['2026-12', '2027-01', '2027-02']);
  });
});
