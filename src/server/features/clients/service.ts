import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_BILLING_STATUSES,
  CLIENTS_EXPORT_LIMIT,
  type ClientBillingStatus,
  CLIENTS_PAGE_SIZE,
  type ClientDetail,
  type ClientPage,
  type ClientPaymentStatus,
  type ClientsQuery,
  type ClientSummary,
} from '../../../contract/clients/clients.js';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  paymentIntents,
  payments,
  subscriptionPlans,
  subscriptions,
} from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { escapeLike, isUuid } from '../../db/ids.js';
import { billingStatus, billingStatusSql, cancelsOn, type BillingFacts } from './billing-status.js';

/** `%`, `_` and `\` typed by a person are literal text, not LIKE wildcards. */
const likePattern = (text: string): string => `%${escapeLike(text)}%`;

/** `timeZone`: the agency's, for the day a cancelling client is served until. */
export function createClientService(db: Db, timeZone = 'UTC') {
  // Per registration: its latest payment intent (a declined card leaves last_error there) …
  const latestIntent = db
    .select({ lastError: paymentIntents.lastError })
    .from(paymentIntents)
    .where(eq(paymentIntents.registrationId, reg.id))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(1)
    .as('latest_intent');
  // … the subscription to show (a paid one before abandoned attempts) …
  const currentSub = db
    .select({
      status: subscriptions.status,
      priceCents: subscriptions.priceCents,
      currency: subscriptions.currency,
      billingCycle: subscriptions.billingCycle,
      renewalPriceCents: subscriptions.renewalPriceCents,
      renewalStartsAt: subscriptions.renewalStartsAt,
      periodStart: subscriptions.currentPeriodStart,
      periodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      canceledAt: subscriptions.canceledAt,
      cancelReason: subscriptions.cancelReason,
    })
    .from(subscriptions)
    .where(eq(subscriptions.registrationId, reg.id))
    .orderBy(
      sql`case ${subscriptions.status} when 'active' then 0 when 'past_due' then 1 when 'canceled' then 2 else 3 end`,
      desc(subscriptions.createdAt),
      desc(subscriptions.id),
    )
    .limit(1)
    .as('current_sub');
  // … and its first payment.
  const firstPayment = db
    .select({
      paidAt: sql<Date | null>`min(${payments.paidAt})`
        .mapWith(payments.paidAt)
        .as('first_paid_at'),
    })
    .from(payments)
    .where(eq(payments.registrationId, reg.id))
    .as('first_payment');

  const paymentStatus = sql<ClientPaymentStatus>`case when ${reg.status} = 'active' then 'active' when ${latestIntent.lastError} is not null then 'failed' else 'pending_payment' end`;

  const billing = billingStatusSql({
    registrationStatus: reg.status,
    subscriptionStatus: currentSub.status,
    cancelAtPeriodEnd: currentSub.cancelAtPeriodEnd,
    periodEnd: currentSub.periodEnd,
  });

  function where(query: Pick<ClientsQuery, 'search' | 'status' | 'billing'>): SQL | undefined {
    const pattern = query.search === undefined ? undefined : likePattern(query.search);
    return and(
      pattern === undefined
        ? undefined
        : or(
            ilike(reg.businessName, pattern),
            ilike(reg.ownerName, pattern),
            ilike(reg.email, pattern),
            ilike(reg.phone, pattern),
          ),
      query.status === 'active' ? eq(reg.status, 'active') : undefined,
      query.status === 'failed'
        ? and(eq(reg.status, 'pending_payment'), isNotNull(latestIntent.lastError))
        : undefined,
      query.status === 'pending_payment'
        ? and(eq(reg.status, 'pending_payment'), isNull(latestIntent.lastError))
        : undefined,
      query.billing === undefined ? undefined : sql`${billing} = ${query.billing}`,
    );
  }

  const summaryFields = {
    reg,
    plan: { name: subscriptionPlans.name, displayName: subscriptionPlans.displayName },
    paymentStatus,
    lastError: latestIntent.lastError,
    sub: {
      status: currentSub.status,
      priceCents: currentSub.priceCents,
      currency: currentSub.currency,
      billingCycle: currentSub.billingCycle,
      renewalPriceCents: currentSub.renewalPriceCents,
      renewalStartsAt: currentSub.renewalStartsAt,
      periodStart: currentSub.periodStart,
      periodEnd: currentSub.periodEnd,
      cancelAtPeriodEnd: currentSub.cancelAtPeriodEnd,
      canceledAt: currentSub.canceledAt,
      cancelReason: currentSub.cancelReason,
    },
    paidAt: firstPayment.paidAt,
  };

  const joined = () =>
    db
      .select(summaryFields)
      .from(reg)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, reg.planId))
      .leftJoinLateral(latestIntent, sql`true`)
      .leftJoinLateral(currentSub, sql`true`)
      .leftJoinLateral(firstPayment, sql`true`);

  type Row = Awaited<ReturnType<typeof joined>>[number];

  const facts = (r: Row): BillingFacts => ({
    registrationStatus: r.reg.status,
    subscriptionStatus: r.sub?.status ?? null,
    cancelAtPeriodEnd: r.sub?.cancelAtPeriodEnd ?? null,
    periodEnd: r.sub?.periodEnd ?? null,
  });

  const toSummary = (r: Row): ClientSummary => ({
    id: r.reg.id,
    businessName: r.reg.businessName,
    ownerName: r.reg.ownerName,
    email: r.reg.email,
    phone: r.reg.phone,
    businessType: r.reg.businessType,
    language: r.reg.language,
    plan: r.plan,
    paymentStatus: r.paymentStatus,
    billingStatus: billingStatus(facts(r)),
    cancelsOn: cancelsOn(facts(r), timeZone),
    createdAt: r.reg.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    periodStart: r.sub?.periodStart?.toISOString() ?? null,
    periodEnd: r.sub?.periodEnd?.toISOString() ?? null,
  });

  // Newest first; the id breaks ties so no row moves between pages.
  const matching = (query: ClientsQuery) =>
    joined().where(where(query)).orderBy(desc(reg.createdAt), desc(reg.id));

  return {
    async list(query: ClientsQuery): Promise<ClientPage> {
      const [rows, perStatus] = await Promise.all([
        matching(query)
          .limit(CLIENTS_PAGE_SIZE)
          .offset((query.page - 1) * CLIENTS_PAGE_SIZE),
        // One pass gives the counts for every billing status (the billing filter left out) …
        db
          .select({ status: billing, n: count() })
          .from(reg)
          .leftJoinLateral(latestIntent, sql`true`)
          .leftJoinLateral(currentSub, sql`true`)
          .where(where({ ...query, billing: undefined }))
          .groupBy(billing),
      ]);
      const billingCounts = Object.fromEntries(
        CLIENT_BILLING_STATUSES.map((s) => [s, 0]),
      ) as Record<ClientBillingStatus, number>;
      for (const row of perStatus) billingCounts[row.status] = row.n;
      // … and the total is the filtered one's count, or all of them.
      const total =
        query.billing === undefined
          ? Object.values(billingCounts).reduce((a, b) => a + b, 0)
          : billingCounts[query.billing];
      return {
        items: rows.map(toSummary),
        total,
        billingCounts,
        page: query.page,
        pageSize: CLIENTS_PAGE_SIZE,
      };
    },

    async exportRows(query: ClientsQuery): Promise<ClientSummary[]> {
      return (await matching(query).limit(CLIENTS_EXPORT_LIMIT)).map(toSummary);
    },

    async detail(id: string): Promise<ClientDetail> {
      // A malformed id would make PostgreSQL throw (invalid uuid): it names no client either.
      const [row] = isUuid(id) ? await joined().where(eq(reg.id, id)) : [];
      if (!row) throw new HttpError(404, 'This client does not exist.');
      const paid = await db
        .select()
        .from(payments)
        .where(eq(payments.registrationId, id))
        .orderBy(desc(payments.paidAt), desc(payments.id));
      const sub = row.sub;
      return {
        ...toSummary(row),
        address: row.reg.address,
        website: row.reg.website,
        description: row.reg.description,
        updatedAt: row.reg.updatedAt.toISOString(),
        subscription: sub && {
          status: sub.status,
          price: centsToDecimal(sub.priceCents),
          currency: sub.currency,
          billingCycle: sub.billingCycle,
          renewalPrice:
            sub.renewalPriceCents == null ? null : centsToDecimal(sub.renewalPriceCents),
          renewalStartsAt: sub.renewalStartsAt?.toISOString() ?? null,
          periodStart: sub.periodStart?.toISOString() ?? null,
          periodEnd: sub.periodEnd?.toISOString() ?? null,
          canceledAt: sub.canceledAt?.toISOString() ?? null,
          cancelReason: sub.cancelReason,
        },
        payments: paid.map((p) => ({
          id: p.id,
          amount: centsToDecimal(p.amountCents),
          currency: p.currency,
          paidAt: p.paidAt.toISOString(),
          provider: p.provider,
        })),
        lastPaymentError: row.reg.status === 'active' ? null : row.lastError,
      };
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;
