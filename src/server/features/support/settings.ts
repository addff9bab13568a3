import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type {
  EmployeeName,
  OnCallRotation,
  SupportHours,
  onCallInput,
  supportHoursInput,
} from '../../../contract/support/support.js';
import type * as z from 'zod/mini';
import type { Db } from '../../db/client.js';
import { supportOnCall, supportSettings, user } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { addDays, isoDate, localDate, mondayOf, type LocalDate } from '../../lib/zoned-time.js';

/** Until an owner saves others: Monday to Friday, 9 to 5, no holidays; urgent 60 minutes, normal 1 business day. */
export const DEFAULT_HOURS: Omit<SupportHours, 'timeZone'> = {
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  holidays: [],
  urgentMinutes: 60,
  normalBusinessDays: 1,
};
const WEEKS_SHOWN = 6;

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
const parseDay = (text: string): LocalDate => {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/** Business hours, targets and the on-call rotation: what settings saves and the requests read. */
export function createSupportSettings(db: Db, timeZone: string) {
  async function hours(): Promise<SupportHours> {
    const [row] = await db.select().from(supportSettings).where(eq(supportSettings.id, 1));
    const saved = row
      ? {
          weekdays: row.weekdays,
          start: row.start,
          end: row.end,
          holidays: row.holidays,
          urgentMinutes: row.urgentMinutes,
          normalBusinessDays: row.normalBusinessDays,
        }
      : DEFAULT_HOURS;
    return { ...saved, timeZone };
  }

  async function saveHours(input: z.output<typeof supportHoursInput>): Promise<SupportHours> {
    const values = {
      weekdays: [...new Set(input.weekdays)].sort((a, b) => a - b),
      start: input.start,
      end: input.end,
      holidays: [...new Set(input.holidays)].sort(),
      urgentMinutes: input.urgentMinutes,
      normalBusinessDays: input.normalBusinessDays,
      updatedAt: new Date(),
    };
    await db
      .insert(supportSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: supportSettings.id, set: values });
    return hours();
  }

  /** Active employees by id, in the order asked; an id that is no (active) employee is refused. */
  async function employeesByIds(ids: string[]): Promise<EmployeeName[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(and(inArray(user.id, ids), not(eq(sql`coalesce(${user.disabled}, false)`, true))));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const found = byId.get(id);
      if (!found) {
        const message = 'Choose employees of the team (one of them was not found or is disabled).';
        throw new HttpError(400, message, [{ field: 'employeeIds', message }]);
      }
      return found;
    });
  }

  async function rotation(now: Date): Promise<OnCallRotation> {
    const rows = await db
      .select({
        id: user.id,
        name: user.name,
        anchorWeek: supportOnCall.anchorWeek,
        disabled: user.disabled,
      })
      .from(supportOnCall)
      .innerJoin(user, eq(user.id, supportOnCall.employeeId))
      .orderBy(asc(supportOnCall.position));
    const employees = rows.map((r) => ({ id: r.id, name: r.name }));
    const thisMonday = mondayOf(localDate(now, timeZone));
    if (rows.length === 0) return { employees, now: null, weeks: [] };
    const anchor = parseDay(rows[0]!.anchorWeek);
    // Disabled employees keep their place in the list (an owner sees them) but are skipped.
    const onDuty = (week: LocalDate): EmployeeName | null => {
      const turns = Math.round((dayNumber(week) - dayNumber(anchor)) / 7);
      for (let step = 0; step < rows.length; step++) {
        const index = (((turns + step) % rows.length) + rows.length) % rows.length;
        const row = rows[index]!;
        if (!row.disabled) return { id: row.id, name: row.name };
      }
      return null;
    };
    const weeks = [];
    for (let i = 0; i < WEEKS_SHOWN; i++) {
      const week = addDays(thisMonday, 7 * i);
      const employee = onDuty(week);
      if (employee) weeks.push({ weekOf: isoDate(week), employee });
    }
    return { employees, now: onDuty(thisMonday), weeks };
  }

  /** Saves the rotation so that `thisWeek` (else the first listed) is on call this week. */
  async function saveRotation(
    input: z.output<typeof onCallInput>,
    now: Date,
  ): Promise<OnCallRotation> {
    const ids = [...new Set(input.employeeIds)];
    if (ids.length !== input.employeeIds.length) {
      const message = 'Each employee can be in the rotation once.';
      throw new HttpError(400, message, [{ field: 'employeeIds', message }]);
    }
    await employeesByIds(ids);
    const first = input.thisWeek ? ids.indexOf(input.thisWeek) : 0;
    if (first < 0) {
      const message = 'Who is on call this week must be one of the rotation.';
      throw new HttpError(400, message, [{ field: 'thisWeek', message }]);
    }
    // Position 0 takes the anchor week; this week's employee at `first` means the anchor is
    // `first` weeks back.
    const anchor = isoDate(addDays(mondayOf(localDate(now, timeZone)), -7 * first));
    await db.transaction(async (tx) => {
      await tx.delete(supportOnCall);
      if (ids.length > 0)
        await tx
          .insert(supportOnCall)
          .values(
            ids.map((employeeId, position) => ({ position, employeeId, anchorWeek: anchor })),
          );
    });
    return rotation(now);
  }

  return { hours, saveHours, rotation, saveRotation, employeesByIds };
}
export type SupportSettings = ReturnType<typeof createSupportSettings>;
