import { and, asc, count, desc, eq, gt, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import {
  CONTACT_PROMISE_MS,
  CONTACT_RATE_DAYS,
  NEW_CLIENTS_PAGE_SIZE,
  type AssignProjectManagerInput,
  type ContactRate,
  type EmployeeRef,
  type MarkContactedInput,
  type NewClient,
  type NewClientPage,
  type NewClientsQuery,
} from '../../../contract/kickoff/kickoff.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  clientDelivery as delivery,
  payments,
  subscriptionPlans,
  user,
} from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { HttpError } from '../../http/errors.js';

const DAY_MS = 86_400_000;
const NOT_FOUND = 'This business is not a paying client (or no longer exists).';

/**
 * The paying clients as this feature sees them: a registration that is active and whose first
 * payment is in the ledger (refunds and their negative rows left out), with what the team did.
 * Paid state is read from the database, so payments needs no hook into this feature.
 */
export function paidClients(db: Db) {
  const firstPayment = db
    .select({
      paidAt: sql<Date | null>`min(${payments.paidAt})`
        .mapWith(payments.paidAt)
        .as('first_paid_at'),
    })
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, reg.id),
        gt(payments.amountCents, 0),
        isNull(payments.refundOfPaymentId),
      ),
    )
    .as('first_payment');
  // One row per paying client: active, with a first payment.
  return db
    .select({
      id: reg.id,
      businessName: reg.businessName,
      ownerName: reg.ownerName,
      email: reg.email,
      phone: reg.phone,
      language: reg.language,
      planName: subscriptionPlans.name,
      planDisplayName: subscriptionPlans.displayName,
      paidAt: sql<Date>`${firstPayment.paidAt}`.mapWith(payments.paidAt).as('paid_at'),
      managerId: sql<string | null>`${user.id}`.as('manager_id'),
      managerName: sql<string | null>`${user.name}`.as('manager_name'),
      contactedAt: delivery.contactedAt,
      contactMethod: delivery.contactMethod,
      contactNote: delivery.contactNote,
      contactedById: delivery.contactedById,
      contactedByName: delivery.contactedByName,
      overdueNoticeAt: delivery.overdueNoticeAt,
    })
    .from(reg)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, reg.planId))
    .innerJoinLateral(firstPayment, sql`${firstPayment.paidAt} is not null`)
    .leftJoin(delivery, eq(delivery.registrationId, reg.id))
    .leftJoin(user, eq(user.id, delivery.projectManagerId))
    .where(eq(reg.status, 'active'))
    .as('paid_clients');
}

export type NewClientRow = {
  id: string;
  businessName: string;
  ownerName: string;
  email: string;
  phone: string | null;
  language: 'en' | 'es';
  planName: string;
  planDisplayName: string;
  paidAt: Date;
  managerId: string | null;
  managerName: string | null;
  contactedAt: Date | null;
  contactMethod: 'call' | 'email' | 'meeting' | null;
  contactNote: string | null;
  contactedById: string | null;
  contactedByName: string | null;
  overdueNoticeAt: Date | null;
};

export function toNewClient(r: NewClientRow): NewClient {
  const dueAt = new Date(r.paidAt.getTime() + CONTACT_PROMISE_MS);
  return {
    id: r.id,
    businessName: r.businessName,
    ownerName: r.ownerName,
    email: r.email,
    phone: r.phone,
    language: r.language,
    plan: { name: r.planName, displayName: r.planDisplayName },
    paidAt: r.paidAt.toISOString(),
    dueAt: dueAt.toISOString(),
    projectManager:
      r.managerId && r.managerName !== null ? { id: r.managerId, name: r.managerName } : null,
    contact:
      r.contactedAt && r.contactMethod
        ? {
            method: r.contactMethod,
            note: r.contactNote ?? '',
            at: r.contactedAt.toISOString(),
            by: { id: r.contactedById, name: r.contactedByName ?? '' },
            inTime: r.contactedAt.getTime() <= dueAt.getTime(),
          }
        : null,
    overdueNoticeAt: r.overdueNoticeAt?.toISOString() ?? null,
  };
}

/** Who did something: the signed-in employee, as the guard knows them. */
export interface Actor {
  id: string;
  name: string;
  email: string;
}

/**
 * New clients and the 24-hour promise (docs/product.md, issue 29 §1): the list, the project
 * manager, 'Mark contacted' and the dashboard's share. `now` is a clock tests may set.
 */
export function createKickoffService(db: Db, now: () => Date = () => new Date()) {
  const pc = paidClients(db);
  const contacted = isNotNull(pc.contactedAt);

  async function one(id: string): Promise<NewClient> {
    if (!isUuid(id)) throw new HttpError(404, NOT_FOUND);
    const [row] = await db.select().from(pc).where(eq(pc.id, id));
    if (!row) throw new HttpError(404, NOT_FOUND);
    return toNewClient(row);
  }

  /** An employee who may be a project manager (signed up, not disabled), or a 400 on the field. */
  async function employee(id: string): Promise<EmployeeRef> {
    const [row] = await db
      .select({ id: user.id, name: user.name, disabled: user.disabled })
      .from(user)
      .where(eq(user.id, id));
    if (!row || row.disabled) {
      const message = 'Choose an employee from the list: this one does not exist or is disabled.';
      throw new HttpError(400, message, [{ field: 'employeeId', message }]);
    }
    return { id: row.id, name: row.name };
  }

  return {
    one,

    async list(query: NewClientsQuery): Promise<NewClientPage> {
      const at = now();
      const overdueBefore = new Date(at.getTime() - CONTACT_PROMISE_MS);
      const where: SQL = query.view === 'contacted' ? contacted : not(contacted);
      const order =
        query.view === 'contacted'
          ? [desc(pc.contactedAt), asc(pc.id)]
          : [asc(pc.paidAt), asc(pc.id)];
      const [rows, [tally]] = await Promise.all([
        db
          .select()
          .from(pc)
          .where(where)
          .orderBy(...order)
          .limit(NEW_CLIENTS_PAGE_SIZE)
          .offset((query.page - 1) * NEW_CLIENTS_PAGE_SIZE),
        db
          .select({
            waiting: count(sql`case when ${pc.contactedAt} is null then 1 end`),
            contacted: count(pc.contactedAt),
            overdue: count(
              sql`case when ${pc.contactedAt} is null and ${pc.paidAt} <= ${overdueBefore.toISOString()}::timestamptz then 1 end`,
            ),
          })
          .from(pc),
      ]);
      const counts = { waiting: tally?.waiting ?? 0, contacted: tally?.contacted ?? 0 };
      return {
        items: rows.map(toNewClient),
        total: counts[query.view],
        counts,
        overdue: tally?.overdue ?? 0,
        page: query.page,
        pageSize: NEW_CLIENTS_PAGE_SIZE,
        now: at.toISOString(),
      };
    },

    /** Everyone who can be chosen as a project manager, by name. */
    async projectManagers(): Promise<EmployeeRef[]> {
      return db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(not(eq(sql`coalesce(${user.disabled}, false)`, true)))
        .orderBy(asc(user.name), asc(user.id));
    },

    /** Sets (or with null clears) a client's project manager; answers the client and who it was before. */
    async assign(id: string, input: AssignProjectManagerInput) {
      const before = await one(id);
      const manager = input.employeeId === null ? null : await employee(input.employeeId);
      const at = now();
      await db
        .insert(delivery)
        .values({
          registrationId: id,
          projectManagerId: manager?.id ?? null,
          projectManagerSetAt: at,
        })
        .onConflictDoUpdate({
          target: delivery.registrationId,
          set: { projectManagerId: manager?.id ?? null, projectManagerSetAt: at, updatedAt: at },
        });
      return { client: await one(id), before: before.projectManager };
    },

    /**
     * Records the first contact: how, a note, who and when. A client already marked keeps its
     * first record (409), so two people marking at once cannot overwrite each other.
     */
    async markContacted(id: string, input: MarkContactedInput, actor: Actor): Promise<NewClient> {
      await one(id);
      const at = now();
      const values = {
        contactedAt: at,
        contactMethod: input.method,
        contactNote: input.note,
        contactedById: actor.id,
        contactedByName: actor.name || actor.email,
        updatedAt: at,
      };
      const [done] = await db
        .insert(delivery)
        .values({ registrationId: id, ...values })
        .onConflictDoUpdate({
          target: delivery.registrationId,
          set: values,
          setWhere: isNull(delivery.contactedAt),
        })
        .returning({ id: delivery.registrationId });
      if (!done) throw new HttpError(409, 'This client is already marked contacted.');
      return one(id);
    },

    /** Of the clients paid in the last 30 days whose 24 hours are over (or who were contacted), how many in time. */
    async contactRate(): Promise<ContactRate> {
      const at = now();
      const since = new Date(at.getTime() - CONTACT_RATE_DAYS * DAY_MS);
      const overdueBefore = new Date(at.getTime() - CONTACT_PROMISE_MS);
      const dueAt = sql`${pc.paidAt} + ${CONTACT_PROMISE_MS}::integer * interval '1 millisecond'`;
      const [row] = await db
        .select({
          total: count(
            sql`case when ${pc.contactedAt} is not null or ${pc.paidAt} <= ${overdueBefore.toISOString()}::timestamptz then 1 end`,
          ),
          inTime: count(sql`case when ${pc.contactedAt} <= ${dueAt} then 1 end`),
        })
        .from(pc)
        .where(
          sql`${pc.paidAt} > ${since.toISOString()}::timestamptz and ${pc.paidAt} <= ${at.toISOString()}::timestamptz`,
        );
      return { days: CONTACT_RATE_DAYS, total: row?.total ?? 0, inTime: row?.inTime ?? 0 };
    },

    /** For other domains (the consultation): sets the project manager only when none is set. */
    async assignProjectManagerIfNone(businessId: string, employeeId: string): Promise<boolean> {
      if (!isUuid(businessId)) return false;
      const at = now();
      const rows = await db
        .insert(delivery)
        .values({
          registrationId: businessId,
          projectManagerId: employeeId,
          projectManagerSetAt: at,
        })
        .onConflictDoUpdate({
          target: delivery.registrationId,
          set: { projectManagerId: employeeId, projectManagerSetAt: at, updatedAt: at },
          setWhere: isNull(delivery.projectManagerId),
        })
        .returning({ id: delivery.registrationId });
      return rows.length > 0;
    },

    /** A client's project manager, or null (none set, or not a client). */
    /** The client's project manager, with the address their e-mails go to; null when none. */
    async projectManagerOf(businessId: string): Promise<(EmployeeRef & { email: string }) | null> {
      if (!isUuid(businessId)) return null;
      const [row] = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(delivery)
        .innerJoin(user, eq(user.id, delivery.projectManagerId))
        .where(eq(delivery.registrationId, businessId));
      return row ?? null;
    },
  };
}
export type KickoffService = ReturnType<typeof createKickoffService>;
