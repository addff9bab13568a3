import { asc, eq } from 'drizzle-orm';
import { centsToDecimal } from '../../../contract/lib/money.js';
import type { Application, ApplicationInput } from '../../../contract/applications/applications.js';
import type { Db } from '../../db/client.js';
import { applications } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../http/errors.js';
import type { ProductRevenue, RevenueService } from '../revenue/index.js';
import { isSerialId } from '../../db/ids.js';

type Row = typeof applications.$inferSelect;
/** Accepts a logo URL only when it is one of our finished uploads (or answers why not). */
export type LogoCheck = (url: string) => Promise<string>;

const NO_REVENUE: ProductRevenue = { dailyCents: 0, weeklyCents: 0, users: 0 };
const DUPLICATE_PRODUCT = 'Another application already uses this Stripe product id.';

function toApplication(
  row: Row,
  testMode: boolean,
  revenue: ProductRevenue = NO_REVENUE,
): Application {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    status: row.status,
    logoUrl: row.logoUrl,
    iconColor: row.iconColor,
    iconType: row.iconType,
    stripeProductId: row.stripeProductId,
    dailyRevenue: centsToDecimal(revenue.dailyCents),
    weeklyRevenue: centsToDecimal(revenue.weeklyCents),
    totalUsers: revenue.users,
    testMode,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createApplicationService(db: Db, revenue: RevenueService, checkLogo: LogoCheck) {
  async function find(id: number): Promise<Row> {
    const [row] = isSerialId(id)
      ? await db.select().from(applications).where(eq(applications.id, id))
      : [];
    if (!row) throw new HttpError(404, 'This application does not exist (any more).');
    return row;
  }
  /** A logo that is already the record's own (a demo logo, an earlier upload) is kept unchecked. */
  async function values(input: ApplicationInput, currentLogo: string | null = null) {
    return {
      name: input.name,
      url: input.url,
      description: input.description ?? null,
      status: input.status,
      logoUrl: !input.logoUrl
        ? null
        : input.logoUrl === currentLogo
          ? currentLogo
          : await checkLogo(input.logoUrl),
      iconColor: input.iconColor,
      iconType: input.iconType,
      stripeProductId: input.stripeProductId ?? null,
    };
  }
  async function withRevenue(rows: Row[]): Promise<Application[]> {
    const byProduct = await revenue.byProduct(
      rows.flatMap((r) => (r.stripeProductId ? [r.stripeProductId] : [])),
    );
    return rows.map((r) =>
      toApplication(
        r,
        revenue.testMode,
        r.stripeProductId ? byProduct.get(r.stripeProductId) : undefined,
      ),
    );
  }
  const duplicate = (error: unknown) => {
    if (isUniqueViolation(error))
      throw new HttpError(409, DUPLICATE_PRODUCT, [
        { field: 'stripeProductId', message: DUPLICATE_PRODUCT },
      ]);
    throw error;
  };

  return {
    async list(): Promise<Application[]> {
      return withRevenue(
        await db
          .select()
          .from(applications)
          .orderBy(asc(applications.createdAt), asc(applications.id)),
      );
    },
    async get(id: number): Promise<Application> {
      return (await withRevenue([await find(id)]))[0]!;
    },
    async create(input: ApplicationInput): Promise<Application> {
      const [row] = await db
        .insert(applications)
        .values(await values(input))
        .returning()
        .catch(duplicate);
      return (await withRevenue([row!]))[0]!;
    },
    async update(id: number, input: ApplicationInput): Promise<Application> {
      const existing = await find(id);
      const [row] = await db
        .update(applications)
        .set({ ...(await values(input, existing.logoUrl)), updatedAt: new Date() })
        .where(eq(applications.id, id))
        .returning()
        .catch(duplicate);
      return (await withRevenue([row!]))[0]!;
    },
    async remove(id: number): Promise<Application> {
      const row = await find(id);
      await db.delete(applications).where(eq(applications.id, id));
      return toApplication(row, revenue.testMode);
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
