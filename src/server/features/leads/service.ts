import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { LEADS_PAGE_SIZE, type Lead, type LeadPage, type LeadStatus, type LeadUpdateInput, type NewLeadInput } from '../../../contract/leads.js';
import type { SocialProfile } from '../../../contract/businesses.js';
import type { Db } from '../../db/client.js';
import { leads } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { isUuid } from '../../db/ids.js';

export const EXPORT_LIMIT = 10_000;

type Row = typeof leads.$inferSelect;

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
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Saved leads. `findProfiles` reads a website's social links (a safe fetch: no private
 * addresses, time and size limits); its failures reach the employee as a sentence.
 */
export function createLeadService(db: Db, findProfiles: (website: string) => Promise<SocialProfile[]>) {
  async function find(id: string): Promise<Row> {
    const [row] = isUuid(id) ? await db.select().from(leads).where(eq(leads.id, id)) : [];
    if (!row) throw new HttpError(404, 'This lead does not exist (any more).');
    return row;
  }
  const filter = (status?: LeadStatus): SQL | undefined => (status ? eq(leads.status, status) : undefined);

  return {
    async page(status: LeadStatus | undefined, page: number): Promise<LeadPage> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(leads)
          .where(filter(status))
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(LEADS_PAGE_SIZE)
          .offset((page - 1) * LEADS_PAGE_SIZE),
        db.select({ n: count() }).from(leads).where(filter(status)),
      ]);
      return { items: rows.map(toLead), total: total!.n, page, pageSize: LEADS_PAGE_SIZE };
    },

    async all(status?: LeadStatus): Promise<Lead[]> {
      const rows = await db.select().from(leads).where(filter(status)).orderBy(desc(leads.createdAt), desc(leads.id)).limit(EXPORT_LIMIT);
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
        .returning();
      if (inserted) return { lead: toLead(inserted), created: true };
      const [existing] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.provider, input.provider), eq(leads.sourceId, input.sourceId)));
      return { lead: toLead(existing!), created: false };
    },

    async update(id: string, patch: LeadUpdateInput): Promise<Lead> {
      await find(id);
      const [row] = await db
        .update(leads)
        .set({
          ...(patch.status ? { status: patch.status } : {}),
          ...(patch.note !== undefined ? { note: patch.note?.trim() || null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(leads.id, id))
        .returning();
      return toLead(row!);
    },

    async remove(id: string): Promise<Lead> {
      const row = await find(id);
      await db.delete(leads).where(eq(leads.id, id));
      return toLead(row);
    },

    async findSocialProfiles(id: string): Promise<Lead> {
      const row = await find(id);
      if (!row.website) throw new HttpError(422, 'This lead has no website to read social profiles from.');
      const found = await findProfiles(row.website);
      const merged = [...row.socialProfiles, ...found].filter((p, i, all) => all.findIndex((q) => q.url === p.url) === i);
      const [updated] = await db
        .update(leads)
        .set({ socialProfiles: merged, socialCheckedAt: new Date(), updatedAt: new Date() })
        .where(eq(leads.id, id))
        .returning();
      return toLead(updated!);
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
