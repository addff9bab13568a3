import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import {
  SUPPORT_FIGURE_DAYS,
  SUPPORT_PAGE_SIZE,
  SUPPORT_VIEWS,
  type ClientSupportRequest,
  type ClientSupportSummary,
  type SupportFigures,
  type SupportMessage,
  type SupportQueueItem,
  type SupportQueuePage,
  type SupportQueueQuery,
  type SupportRequestDetail,
  type SupportSource,
  type SupportTopic,
  type SupportUrgency,
  type SupportUrgencyFigures,
  type SupportView,
} from '../../../contract/support/support.js';
import type { Db } from '../../db/client.js';
import {
  businessRegistrations as reg,
  supportMessages,
  supportRequests as req,
  user,
} from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { clientError, HttpError } from '../../http/errors.js';

const NOT_FOUND = 'This support request does not exist.';

/** Whether the first answer came late, or is late now (a request closed unanswered counts at its close). */
const breachedSql = (now: Date) =>
  sql<boolean>`(case when ${req.firstResponseAt} is not null then ${req.firstResponseAt} > ${req.firstResponseDueAt}
    else ${req.firstResponseDueAt} < coalesce(${req.closedAt}, ${now.toISOString()}::timestamptz) end)`;

const assignee = sql`assignee`;
const acknowledger = sql`acknowledger`;

function viewWhere(view: SupportView, now: Date, me: string): SQL {
  switch (view) {
    case 'open':
      return eq(req.status, 'open');
    case 'answered':
      return eq(req.status, 'answered');
    case 'closed':
      return eq(req.status, 'closed');
    case 'breached':
      return and(not(eq(req.status, 'closed')), breachedSql(now))!;
    case 'mine':
      return and(not(eq(req.status, 'closed')), eq(req.assigneeId, me))!;
  }
}

/**
 * Reading requests: the client's list and thread (never the notes), the team's queue by due time
 * with its view counts, a request's detail, and the 30-day figures. `now` is support time.
 */
export function createSupportReader(deps: {
  db: Db;
  now: () => Promise<Date>;
  /** A request's reply address from its token (null without inbound mail). */
  replyAddress: (token: string) => string | null;
}) {
  const { db, now, replyAddress } = deps;

  const baseColumns = {
    id: req.id,
    number: req.number,
    registrationId: req.registrationId,
    topic: req.topic,
    urgency: req.urgency,
    status: req.status,
    source: req.source,
    title: req.title,
    createdAt: req.createdAt,
    lastMessageAt: req.lastMessageAt,
    firstResponseDueAt: req.firstResponseDueAt,
    firstResponseAt: req.firstResponseAt,
    acknowledgedAt: req.acknowledgedAt,
    escalatedAt: req.escalatedAt,
    replyToken: req.replyToken,
  };

  const clientSummary = (r: {
    id: string;
    number: number;
    topic: SupportTopic;
    urgency: SupportUrgency;
    status: 'open' | 'answered' | 'closed';
    source: SupportSource;
    title: string;
    createdAt: Date;
    lastMessageAt: Date;
    firstResponseDueAt: Date;
    firstResponseAt: Date | null;
  }): ClientSupportSummary => ({
    id: r.id,
    number: r.number,
    topic: r.topic,
    urgency: r.urgency,
    status: r.status,
    title: r.title,
    source: r.source,
    createdAt: r.createdAt.toISOString(),
    lastMessageAt: r.lastMessageAt.toISOString(),
    dueAt: r.firstResponseAt || r.status === 'closed' ? null : r.firstResponseDueAt.toISOString(),
  });

  async function messagesOf(requestId: string, withNotes: boolean): Promise<SupportMessage[]> {
    const rows = await db
      .select()
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.requestId, requestId),
          withNotes ? undefined : not(eq(supportMessages.kind, 'note')),
        ),
      )
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    return rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      authorName: m.authorName,
      body: m.body,
      via: m.via,
      attachments: m.attachments,
      at: m.createdAt.toISOString(),
    }));
  }

  async function clientRequest(registrationId: string, id: string): Promise<ClientSupportRequest> {
    const [row] = isUuid(id)
      ? await db
          .select(baseColumns)
          .from(req)
          .where(and(eq(req.id, id), eq(req.registrationId, registrationId)))
      : [];
    if (!row) throw clientError(404, 'support_request_not_found');
    return { ...clientSummary(row), messages: await messagesOf(row.id, false) };
  }

  const queueColumns = (at: Date) => ({
    ...baseColumns,
    businessName: reg.businessName,
    businessEmail: reg.email,
    language: reg.language,
    assigneeId: req.assigneeId,
    assigneeName: sql<string | null>`${assignee}.name`,
    breached: breachedSql(at),
  });
  function queueSelect(at: Date) {
    return db
      .select(queueColumns(at))
      .from(req)
      .innerJoin(reg, eq(reg.id, req.registrationId))
      .leftJoin(sql`${user} as ${assignee}`, sql`${assignee}.id = ${req.assigneeId}`);
  }
  type QueueRow = Awaited<ReturnType<ReturnType<typeof queueSelect>['execute']>>[number];
  /** The request's client, for the routes that need only that (a team attachment's owner). */
  async function registrationOf(id: string): Promise<string> {
    const [row] = isUuid(id)
      ? await db.select({ registrationId: req.registrationId }).from(req).where(eq(req.id, id))
      : [];
    if (!row) throw new HttpError(404, NOT_FOUND);
    return row.registrationId;
  }

  const queueItem = (r: QueueRow): SupportQueueItem => ({
    id: r.id,
    number: r.number,
    business: {
      id: r.registrationId,
      name: r.businessName,
      email: r.businessEmail,
      language: r.language,
    },
    topic: r.topic,
    urgency: r.urgency,
    status: r.status,
    source: r.source,
    title: r.title,
    assignee: r.assigneeId && r.assigneeName ? { id: r.assigneeId, name: r.assigneeName } : null,
    createdAt: r.createdAt.toISOString(),
    lastMessageAt: r.lastMessageAt.toISOString(),
    dueAt: r.firstResponseDueAt.toISOString(),
    firstResponseAt: r.firstResponseAt?.toISOString() ?? null,
    breached: Boolean(r.breached),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    escalatedAt: r.escalatedAt?.toISOString() ?? null,
  });

  async function detail(id: string): Promise<SupportRequestDetail> {
    const at = await now();
    // The queue's row and what only the detail shows, in one query.
    const [row] = isUuid(id)
      ? await db
          .select({
            ...queueColumns(at),
            resolution: req.resolution,
            closedAt: req.closedAt,
            mergedIntoId: req.mergedIntoId,
            mergedIntoNumber: sql<
              number | null
            >`(select m.number from support_requests m where m.id = ${req.mergedIntoId})`,
            acknowledgedById: req.acknowledgedById,
            acknowledgedByName: sql<string | null>`${acknowledger}.name`,
          })
          .from(req)
          .innerJoin(reg, eq(reg.id, req.registrationId))
          .leftJoin(sql`${user} as ${assignee}`, sql`${assignee}.id = ${req.assigneeId}`)
          .leftJoin(
            sql`${user} as ${acknowledger}`,
            sql`${acknowledger}.id = ${req.acknowledgedById}`,
          )
          .where(eq(req.id, id))
      : [];
    if (!row) throw new HttpError(404, NOT_FOUND);
    return {
      ...queueItem(row),
      messages: await messagesOf(row.id, true),
      resolution: row.resolution,
      closedAt: row.closedAt?.toISOString() ?? null,
      mergedInto:
        row.mergedIntoId && row.mergedIntoNumber !== null
          ? { id: row.mergedIntoId, number: Number(row.mergedIntoNumber) }
          : null,
      acknowledgedBy:
        row.acknowledgedById && row.acknowledgedByName
          ? { id: row.acknowledgedById, name: row.acknowledgedByName }
          : null,
      replyTo: replyAddress(row.replyToken),
    };
  }

  async function queue(query: SupportQueueQuery, me: string): Promise<SupportQueuePage> {
    const at = await now();
    const urgency = query.urgency ? eq(req.urgency, query.urgency) : undefined;
    const where = and(viewWhere(query.view, at, me), urgency);
    const offset = (query.page - 1) * SUPPORT_PAGE_SIZE;
    const countColumns = Object.fromEntries(
      SUPPORT_VIEWS.map((view) => [
        view,
        sql<number>`count(*) filter (where ${viewWhere(view, at, me)})`.mapWith(Number),
      ]),
    ) as Record<SupportView, SQL.Aliased<number> | SQL<number>>;
    const [rows, [counts]] = await Promise.all([
      queueSelect(at)
        .where(where)
        .orderBy(
          query.view === 'closed' ? desc(req.closedAt) : asc(req.firstResponseDueAt),
          asc(req.number),
        )
        .limit(SUPPORT_PAGE_SIZE)
        .offset(offset),
      db.select(countColumns).from(req).where(urgency),
    ]);
    const all = counts as unknown as Record<SupportView, number>;
    return {
      items: rows.map(queueItem),
      total: all[query.view],
      counts: all,
      page: query.page,
      pageSize: SUPPORT_PAGE_SIZE,
    };
  }

  async function figures(): Promise<SupportFigures> {
    const at = await now();
    const since = new Date(at.getTime() - SUPPORT_FIGURE_DAYS * 86_400_000);
    const rows = await db
      .select({
        urgency: req.urgency,
        open: sql<number>`count(*) filter (where ${req.status} <> 'closed')`.mapWith(Number),
        requests:
          sql<number>`count(*) filter (where ${req.createdAt} >= ${since.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${req.firstResponseAt} - ${req.createdAt})) / 60)
          filter (where ${req.createdAt} >= ${since.toISOString()}::timestamptz and ${req.firstResponseAt} is not null)`,
        measured:
          sql<number>`count(*) filter (where ${req.createdAt} >= ${since.toISOString()}::timestamptz
          and (${req.firstResponseAt} is not null or ${req.firstResponseDueAt} < ${at.toISOString()}::timestamptz))`.mapWith(
            Number,
          ),
        inTime:
          sql<number>`count(*) filter (where ${req.createdAt} >= ${since.toISOString()}::timestamptz
          and ${req.firstResponseAt} <= ${req.firstResponseDueAt})`.mapWith(Number),
        breached:
          sql<number>`count(*) filter (where ${req.createdAt} >= ${since.toISOString()}::timestamptz and ${breachedSql(at)})`.mapWith(
            Number,
          ),
      })
      .from(req)
      .groupBy(req.urgency);
    const of = (urgency: SupportUrgency): SupportUrgencyFigures => {
      const r = rows.find((x) => x.urgency === urgency);
      if (!r)
        return {
          open: 0,
          requests: 0,
          medianFirstResponseMinutes: null,
          withinTarget: null,
          breached: 0,
        };
      return {
        open: r.open,
        requests: r.requests,
        medianFirstResponseMinutes:
          r.median === null ? null : Math.round(Number(r.median) * 10) / 10,
        withinTarget: r.measured > 0 ? r.inTime / r.measured : null,
        breached: r.breached,
      };
    };
    return { days: SUPPORT_FIGURE_DAYS, urgent: of('urgent'), normal: of('normal') };
  }

  return { baseColumns, clientSummary, clientRequest, detail, registrationOf, queue, figures };
}
export type SupportReader = ReturnType<typeof createSupportReader>;
