import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_PAGE_SIZE,
  listActivity,
  type ActivityPage,
} from '../../../contract/activity/activity.js';
import { activityLog } from '../../db/schema.js';
import { apiPath } from '../../test/api-path.js';
import { TEST_DATABASES } from '../../test/databases.js';
import { appUnderTest } from '../../test/app-under-test.js';
import { signedInEmployee } from '../../test/employees.js';

// Issue 28 §4: the activity log filters by type, employee and date, checked by the server.
describe.each(TEST_DATABASES)('the activity log filters on %s', (kind) => {
  const ctx = appUnderTest(kind, { role: null });
  let owner: Awaited<ReturnType<typeof signedInEmployee>>;
  const ana = `ana-${kind}@example.com`;
  const ben = `ben-${kind}@example.com`;

  beforeAll(async () => {
    owner = await signedInEmployee(ctx.app, ctx.testDb.database.db, 'owner', 'Olive Owner');
    // Two employees' days in 2020, long before anything the other tests write.
    const at = (day: string, hour: number) =>
      new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
    const row = (email: string, action: string, when: Date, name: string) => ({
      employeeId: `id-${email}`,
      actorEmail: email,
      action,
      subject: 'lead',
      detail: { id: name, name },
      at: when,
    });
    await ctx.testDb.database.db.insert(activityLog).values([
      row(ana, 'create', at('2020-03-01', 9), 'A1'),
      row(ana, 'update', at('2020-03-01', 23), 'A2'),
      row(ana, 'update', at('2020-03-02', 0), 'A3'),
      row(ben, 'update', at('2020-03-02', 12), 'B1'),
      row(ben, 'delete', at('2020-03-03', 8), 'B2'),
      // A typed e-mail of a failed sign-in is no employee: filterable, not offered as one.
      { actorEmail: 'guess@example.com', action: 'sign-in.failed', at: at('2020-03-02', 5) },
      // Ana's updates past one page, on one day.
      ...Array.from({ length: ACTIVITY_PAGE_SIZE + 2 }, (_, i) =>
        row(ana, 'update', new Date(Date.UTC(2020, 3, 10, 10, i)), `P${i}`),
      ),
    ]);
  });

  const list = (query: Record<string, string | number>) =>
    ctx.app.inject({
      method: 'GET',
      url: apiPath(listActivity, {}, query),
      headers: { cookie: owner.cookie },
    });
  const names = async (query: Record<string, string | number>) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ActivityPage>();
    return { page, names: page.items.map((i) => i.detail?.name ?? i.action) };
  };

  it('by type, by employee (any case) and by whole UTC days, together', async () => {
    const march = { from: '2020-03-01', to: '2020-03-03' };
    expect((await names({ ...march, type: 'update' })).names).toEqual(['B1', 'A3', 'A2']);
    expect((await names({ ...march, employee: ana.toUpperCase() })).names).toEqual([
      'A3',
      'A2',
      'A1',
    ]);
    expect((await names({ ...march, employee: ben, type: 'update' })).names).toEqual(['B1']);
    // 'to' takes in its whole day; 'from' starts at its midnight.
    expect((await names({ from: '2020-03-02', to: '2020-03-02' })).names).toEqual([
      'B1',
      'sign-in.failed',
      'A3',
    ]);
    expect((await names({ to: '2020-03-01' })).page.total).toBe(2);
    expect((await names({ ...march, type: 'sign-in.failed' })).names).toEqual(['sign-in.failed']);
    const { page } = await names({ ...march });
    expect(page.employees).toEqual(expect.arrayContaining([ana, ben, owner.email]));
    expect(page.employees).not.toContain('guess@example.com');
  });

  it('pages within the filter: the total and the second page are the filtered ones', async () => {
    const filter = { employee: ana, from: '2020-04-10', to: '2020-04-10', type: 'update' };
    const first = await names(filter);
    expect(first.page.total).toBe(ACTIVITY_PAGE_SIZE + 2);
    expect(first.names).toHaveLength(ACTIVITY_PAGE_SIZE);
    const second = await names({ ...filter, page: 2 });
    expect(second.names).toEqual(['P1', 'P0']);
    expect((await names({ ...filter, page: 3 })).names).toEqual([]);
  });

  it('answers 400 naming a bad filter', async () => {
    const bad = async (query: Record<string, string>, message: RegExp) => {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await bad({ type: 'explode' }, /^Please check type: Type must be one of: sign-in, /);
    await bad({ employee: 'nobody' }, /^Please check employee: Employee must be an e-mail address/);
    await bad({ from: '03/01/2020' }, /^Please check from: From must be a date written YYYY-MM-DD/);
    await bad({ to: '2020-02-30' }, /^Please check to: To must be a date that exists/);
    await bad(
      { from: '2020-03-03', to: '2020-03-01' },
      /^Please check to: From must be on or before To/,
    );
    expect((await ctx.app.inject(apiPath(listActivity, {}, { page: 1 }))).statusCode).toBe(401);
  });
});
