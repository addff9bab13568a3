import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../contract/activity/activity';
import { describeEntry } from './describe';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1',
  at: '2026-11-28T10:00:00.000Z',
  actorEmail: 'ana@example.com',
  action: 'update',
  subject: 'lead',
  detail: null,
  ipAddress: null,
  ...over,
});

describe('an activity entry in words', () => {
  it('names the object and what changed', () => {
    expect(
      describeEntry(
        entry({ detail: { id: 'x', name: 'Oak Grove Pipe Pros', status: 'contacted' } }),
      ),
    ).toBe('Updated lead Oak Grove Pipe Pros: status → Contacted');
    expect(
      describeEntry(
        entry({ detail: { id: 'x', name: 'Oak Grove', doNotContact: true, followUpAt: null } }),
      ),
    ).toBe('Updated lead Oak Grove: do not contact → yes, follow up at → none');
    expect(
      describeEntry(
        entry({ action: 'delete', subject: 'portfolio item', detail: { id: 3, name: 'Alamo' } }),
      ),
    ).toBe('Deleted portfolio item Alamo');
    expect(
      describeEntry(entry({ action: 'export', subject: 'leads', detail: { count: 12 } })),
    ).toBe('Exported leads: count → 12');
    expect(
      describeEntry(entry({ action: 'create', subject: 'employee', detail: { email: 'b@x.com' } })),
    ).toBe('Created employee b@x.com');
  });

  it('says sign-ins plainly, without the route', () => {
    expect(describeEntry(entry({ action: 'sign-in', subject: 'auth/sign-in/email' }))).toBe(
      'Signed in',
    );
    expect(describeEntry(entry({ action: 'odd', subject: null }))).toBe('odd');
  });
});
