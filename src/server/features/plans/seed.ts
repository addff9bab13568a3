import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { subscriptionPlans } from '../../db/schema.js';

const CORE_SERVICES = [
  'Website Development',
  '2 AI Generated Commercials',
  'Social Media Marketing',
  '24/7 Tech Support',
];

/** The plans every install starts with. Prices are demo prices; the renewal prices are those of docs/product.md §9. */
export const DEMO_PLANS = [
  {
    name: 'essential',
    displayName: 'Essential',
    description: 'A professional website and the basics to get your business found online.',
    priceCents: 19_900,
    renewalPriceCents: 42_500,
    features: [
      ...CORE_SERVICES,
      'Up to 5 website pages',
      '1 social media channel managed',
      'Monthly performance report',
    ],
  },
  {
    name: 'growing',
    displayName: 'Growing',
    description:
      'More pages, more channels and local search work for a business that is picking up speed.',
    priceCents: 29_900,
    renewalPriceCents: 32_500,
    features: [
      ...CORE_SERVICES,
      'Up to 10 website pages',
      '2 social media channels managed',
      'Local search listing set-up',
    ],
  },
  {
    name: 'professional',
    displayName: 'Professional',
    description:
      'Our most chosen plan: a full business site with online booking and steady marketing.',
    priceCents: 44_900,
    renewalPriceCents: null,
    mostPopular: true,
    features: [
      ...CORE_SERVICES,
      'Up to 20 website pages',
      '3 social media channels managed',
      'Online booking or contact forms',
      'Quarterly strategy call',
    ],
  },
  {
    name: 'comprehensive',
    displayName: 'Comprehensive',
    description:
      'Everything we do, for businesses that want a partner for their whole online presence.',
    priceCents: 59_900,
    renewalPriceCents: 56_500,
    features: [
      ...CORE_SERVICES,
      'Unlimited website pages',
      'All major social media channels managed',
      'Online store set-up',
      'Monthly strategy call',
    ],
  },
];

/** Adds the plans (a plan of the same name already there is kept). */
export async function seedPlans(db: Db): Promise<void> {
  await db
    .insert(subscriptionPlans)
    .values(
      DEMO_PLANS.map((p, i) => ({ ...p, mostPopular: p.mostPopular ?? false, sortOrder: i + 1 })),
    )
    .onConflictDoNothing({ target: subscriptionPlans.name });
}

const CORE_SERVICES_ES = [
  'Desarrollo de sitio web',
  '2 comerciales creados con IA',
  'Marketing en redes sociales',
  'Soporte técnico 24/7',
];

/** The demo plans' texts in Spanish (*usted*, like the rest of the site; docs/decisions/033). */
export const DEMO_PLANS_ES: Record<string, { descriptionEs: string; featuresEs: string[] }> = {
  essential: {
    descriptionEs:
      'Un sitio web profesional y lo básico para que encuentren su negocio en internet.',
    featuresEs: [
      ...CORE_SERVICES_ES,
      'Hasta 5 páginas web',
      '1 red social gestionada',
      'Informe mensual de resultados',
    ],
  },
  growing: {
    descriptionEs:
      'Más páginas, más redes sociales y trabajo en búsquedas locales para un negocio que va ganando velocidad.',
    featuresEs: [
      ...CORE_SERVICES_ES,
      'Hasta 10 páginas web',
      '2 redes sociales gestionadas',
      'Alta en listados de búsqueda local',
    ],
  },
  professional: {
    descriptionEs:
      'Nuestro plan más elegido: un sitio completo para su negocio, con reservas en línea y marketing constante.',
    featuresEs: [
      ...CORE_SERVICES_ES,
      'Hasta 20 páginas web',
      '3 redes sociales gestionadas',
      'Reservas en línea o formularios de contacto',
      'Llamada de estrategia trimestral',
    ],
  },
  comprehensive: {
    descriptionEs:
      'Todo lo que hacemos, para negocios que quieren un socio para toda su presencia en internet.',
    featuresEs: [
      ...CORE_SERVICES_ES,
      'Páginas web ilimitadas',
      'Todas las redes sociales principales gestionadas',
      'Configuración de tienda en línea',
      'Llamada de estrategia mensual',
    ],
  },
};

/**
 * Gives the demo plans their Spanish texts (issue 28 §2), once per database. A plan whose English
 * description or features the agency has changed, or that has Spanish already, is left alone: a
 * translation of words it no longer shows would be wrong.
 */
export async function seedPlansSpanish(db: Db): Promise<void> {
  for (const plan of DEMO_PLANS) {
    const spanish = DEMO_PLANS_ES[plan.name]!;
    await db
      .update(subscriptionPlans)
      .set(spanish)
      .where(
        and(
          eq(subscriptionPlans.name, plan.name),
          eq(subscriptionPlans.description, plan.description),
          sql`${subscriptionPlans.features} = ${JSON.stringify(plan.features)}::jsonb`,
          isNull(subscriptionPlans.descriptionEs),
        ),
      );
  }
}
