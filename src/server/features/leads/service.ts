import { and, asc, count, desc, eq, getTableColumns, lte, not, sql, type SQL } from 'drizzle-orm';
import {
  BOARD_COLUMN_LIMIT,
  LEAD_STATUSES,
  LEADS_PAGE_SIZE,
  type Lead,
  type LeadBoard,
  type LeadPage,
  type LeadsQuery,
  type LeadUpdateInput,
  type NewLeadInput,
} from '../../../contract/leads/leads.js';
import type { SocialProfile } from '../../../contract/businesses/businesses.js';
import type { Db } from '../../db/client.js';
import { doNotContact, leads } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../db/ids.js';
import { isoDate, localDate } from '../../lib/zoned-time.js';
import { phoneKey, websiteKey } from './contact-keys.js';

export const EXPORT_LIMIT = 10_000;

// Written out: Drizzle leaves the table name off columns of a one-table select, which would make
// `provider = provider` compare do_not_contact with itself.
export const markedDoNotContact = sql<boolean>`exists (select 1 from do_not_contact d where d.provider = "leads"."provider" and d.source_id = "leads"."source_id")`;
const marked = markedDoNotContact;
const columns = { ...getTableColumns(leads), doNotContact: marked };
type Row = typeof leads.$inferSelect & { doNotContact: boolean };

function toLead(r: Row): Lead {
  return {
    id: r.id,
    provider: r.provider,
    sourceId: r.sourceId,
    name: r.name,
    category: r.category,
    address: r.address,
    rating: r.ratingTenths === null ? null : (r.ratingTenths / 10).toFixed(1),
    reviewCount: r.reviewCount,
    website: r.website,
    phone: r.phone,
    socialProfiles: r.socialProfiles,
    socialCheckedAt: r.socialCheckedAt?.toISOString() ?? null,
    status: r.status,
    note: r.note,
    nextFollowUp: r.nextFollowUpOn,
    lastContacted: r.lastContactedOn,
    doNotContact: Boolean(r.doNotContact),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const newestFirst = [desc(leads.createdAt), desc(leads.id)];

/**
 * Saved leads. `findProfiles` reads a website's social links (a safe fetch: no private
 * addresses, time and size limits); its failures reach the employee as a sentence. 'Today' is
 * the agency's day (`timeZone`): a follow-up on or before it is due.
 */
export function createLeadService(
  db: Db,
  findProfiles: (website: string) => Promise<SocialProfile[]>,
  options: { timeZone: string; now?: () => Date } = { timeZone: 'UTC' },
) {
  const today = () => isoDate(localDate(options.now?.() ?? new Date(), options.timeZone));

  async function find(id: string): Promise<Row> {
    const [row] = isUuid(id) ? await db.select(columns).from(leads).where(eq(leads.id, id)) : [];
    if (!row) throw new HttpError(404, 'This lead does not exist (any more).');
    return row;
  }
  const filter = (query: Pick<LeadsQuery, 'status' | 'due'>, day: string): SQL | undefined =>
    and(
      query.status ? eq(leads.status, query.status) : undefined,
      query.due ? lte(leads.nextFollowUpOn, day) : undefined,
    );
  // Due leads come soonest (most overdue) first; otherwise the newest first.
  const order = (query: Pick<LeadsQuery, 'due'>) =>
    query.due ? [asc(leads.nextFollowUpOn), ...newestFirst] : newestFirst;

  return {
    today,

    async page(query: LeadsQuery): Promise<LeadPage> {
      const day = today();
      const where = filter(query, day);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(leads)
          .where(where)
          .orderBy(...order(query))
          .limit(LEADS_PAGE_SIZE)
          .offset((query.page - 1) * LEADS_PAGE_SIZE),
        db.select({ n: count() }).from(leads).where(where),
      ]);
      return {
        items: rows.map(toLead),
        total: total!.n,
        page: query.page,
        pageSize: LEADS_PAGE_SIZE,
        today: day,
      };
    },

    /** Each status's newest leads (at most BOARD_COLUMN_LIMIT) and how many it has. */
    async board(): Promise<LeadBoard> {
      const [counts, ...columnRows] = await Promise.all([
        db.select({ status: leads.status, n: count() }).from(leads).groupBy(leads.status),
        ...LEAD_STATUSES.map((status) =>
          db
            .select(columns)
            .from(leads)
            .where(eq(leads.status, status))
            .orderBy(...newestFirst)
            .limit(BOARD_COLUMN_LIMIT),
        ),
      ]);
      const totals = new Map(counts.map((c) => [c.status, c.n]));
      return {
        columns: LEAD_STATUSES.map((status, i) => ({
          status,
          total: totals.get(status) ?? 0,
          items: columnRows[i]!.map(toLead),
        })),
        today: today(),
      };
    },

    /** The CSV export: never a lead marked do-not-contact. */
    async all(query: Pick<LeadsQuery, 'status' | 'due'>): Promise<Lead[]> {
      const rows = await db
        .select(columns)
        .from(leads)
        .where(and(filter(query, today()), not(marked)))
        .orderBy(...order(query))
        .limit(EXPORT_LIMIT);
      return rows.map(toLead);
    },

    /** Saving the same place twice answers the lead already saved (`created: false`). */
    async save(input: NewLeadInput, employeeId: string): Promise<{ lead: Lead; created: boolean }> {
      const [inserted] = await db
        .insert(leads)
        .values({
          provider: input.provider,
          sourceId: input.sourceId,
          name: input.name,
          category: input.category ?? null,
          address: input.address ?? null,
          lat: input.lat ?? null,
          lng: input.lng ?? null,
          ratingTenths: input.rating ? Math.round(Number(input.rating) * 10) : null,
          reviewCount: input.reviewCount ?? null,
          website: input.website ?? null,
          phone: input.phone ?? null,
          socialProfiles: input.socialProfiles ?? [],
          createdBy: employeeId,
        })
        .onConflictDoNothing({ target: [leads.provider, leads.sourceId] })
        .returning({ id: leads.id });
      if (inserted) return { lead: toLead(await find(inserted.id)), created: true };
      const [existing] = await db
        .select(columns)
        .from(leads)
        .where(and(eq(leads.provider, input.provider), eq(leads.sourceId, input.sourceId)));
      return { lead: toLead(existing!), created: false };
    },

    async update(id: string, patch: LeadUpdateInput): Promise<Lead> {
      await find(id);
      await db
        .update(leads)
        .set({
          ...(patch.status ? { status: patch.status } : {}),
          ...(patch.note !== undefined ? { note: patch.note?.trim() || null } : {}),
          ...(patch.nextFollowUp !== undefined ? { nextFollowUpOn: patch.nextFollowUp } : {}),
          ...(patch.lastContacted !== undefined ? { lastContactedOn: patch.lastContacted } : {}),
          updatedAt: new Date(),
        })
        .where(eq(leads.id, id));
      return toLead(await find(id));
    },

    async remove(id: string): Promise<Lead> {
      const row = await find(id);
      await db.delete(leads).where(eq(leads.id, id));
      return toLead(row);
    },

    /** From now on the business is left out of search results and exports, whichever provider finds it. */
    async markDoNotContact(id: string, employeeId: string): Promise<Lead> {
      const row = await find(id);
      await db
        .insert(doNotContact)
        .values({
          provider: row.provider,
          sourceId: row.sourceId,
          name: row.name,
          phoneKey: phoneKey(row.phone),
          websiteKey: websiteKey(row.website),
          createdBy: employeeId,
        })
        .onConflictDoNothing({ target: [doNotContact.provider, doNotContact.sourceId] });
      return toLead(await find(id));
    },

    async clearDoNotContact(id: string): Promise<Lead> {
      const row = await find(id);
      await db
        .delete(doNotContact)
        .where(
          and(eq(doNotContact.provider, row.provider), eq(doNotContact.sourceId, row.sourceId)),
        );
      return toLead(await find(id));
    },

    async findSocialProfiles(id: string): Promise<Lead> {
      const row = await find(id);
      if (!row.website)
        throw new HttpError(422, 'This lead has no website to read social profiles from.');
      const found = await findProfiles(row.website);
      const merged = [...row.socialProfiles, ...found].filter(
        (p, i, all) => all.findIndex((q) => q.url === p.url) === i,
      );
      await db
        .update(leads)
        .set({ socialProfiles: merged, socialCheckedAt: new Date(), updatedAt: new Date() })
        .where(eq(leads.id, id));
      return toLead(await find(id));
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
