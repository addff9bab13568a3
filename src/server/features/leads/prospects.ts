import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { BusinessResult } from '../../../contract/businesses/businesses.js';
import type { Db } from '../../db/client.js';
import { doNotContact, leads } from '../../db/schema.js';
import { phoneKey, websiteKey } from './contact-keys.js';

/**
 * What lead search needs from the leads: which results are saved leads (and their status), and
 * which are marked do-not-contact. One query each for the whole result list, whatever its size.
 */
export function createProspectLookup(db: Db) {
  async function hidden(
    results: readonly BusinessResult[],
  ): Promise<(b: BusinessResult) => boolean> {
    const phones = [
      ...new Set(results.map((b) => phoneKey(b.phone)).filter((k): k is string => k !== null)),
    ];
    const hosts = [
      ...new Set(results.map((b) => websiteKey(b.website)).filter((k): k is string => k !== null)),
    ];
    const conditions: SQL[] = [];
    for (const provider of new Set(results.map((b) => b.provider))) {
      const ids = results.filter((b) => b.provider === provider).map((b) => b.sourceId);
      conditions.push(
        and(eq(doNotContact.provider, provider), inArray(doNotContact.sourceId, ids))!,
      );
    }
    if (phones.length > 0) conditions.push(inArray(doNotContact.phoneKey, phones));
    if (hosts.length > 0) conditions.push(inArray(doNotContact.websiteKey, hosts));
    const rows = await db
      .select({
        provider: doNotContact.provider,
        sourceId: doNotContact.sourceId,
        phoneKey: doNotContact.phoneKey,
        websiteKey: doNotContact.websiteKey,
      })
      .from(doNotContact)
      .where(or(...conditions));
    const sources = new Set(rows.map((r) => `${r.provider}:${r.sourceId}`));
    const blockedPhones = new Set(rows.map((r) => r.phoneKey).filter(Boolean));
    const blockedHosts = new Set(rows.map((r) => r.websiteKey).filter(Boolean));
    return (b) =>
      sources.has(b.id) ||
      blockedPhones.has(phoneKey(b.phone)) ||
      blockedHosts.has(websiteKey(b.website));
  }

  async function savedLeads(
    results: readonly BusinessResult[],
  ): Promise<Map<string, BusinessResult['lead']>> {
    const conditions: SQL[] = [];
    for (const provider of new Set(results.map((b) => b.provider))) {
      const ids = results.filter((b) => b.provider === provider).map((b) => b.sourceId);
      conditions.push(and(eq(leads.provider, provider), inArray(leads.sourceId, ids))!);
    }
    const rows = await db
      .select({
        id: leads.id,
        provider: leads.provider,
        sourceId: leads.sourceId,
        status: leads.status,
      })
      .from(leads)
      .where(or(...conditions));
    return new Map(
      rows.map((r) => [`${r.provider}:${r.sourceId}`, { id: r.id, status: r.status }]),
    );
  }

  return {
    /** The results without do-not-contact businesses, each with its saved lead (or null). */
    async annotate(results: BusinessResult[]): Promise<BusinessResult[]> {
      if (results.length === 0) return results;
      const [isHidden, saved] = await Promise.all([hidden(results), savedLeads(results)]);
      return results
        .filter((b) => !isHidden(b))
        .map((b) => ({ ...b, lead: saved.get(b.id) ?? null }));
    },
  };
}
export type ProspectLookup = ReturnType<typeof createProspectLookup>;
