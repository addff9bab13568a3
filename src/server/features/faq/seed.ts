import type { Db } from '../../db/client.js';
import { faqEntries } from '../../db/schema.js';

/**
 * The four questions every install starts with (issue 28 §7), in English and Spanish (*usted*,
 * like the rest of the site). The agency edits them in Settings → Plans.
 */
export const DEFAULT_FAQ = [
  {
    question: 'What is included in my plan?',
    answer:
      'Every plan includes a website we build for you, 2 AI-generated commercials, social media marketing and 24/7 tech support. Each plan card lists what that plan adds: more pages, more social media channels, booking forms, strategy calls.',
    questionEs: '¿Qué incluye mi plan?',
    answerEs:
      'Todos los planes incluyen un sitio web que creamos para usted, 2 comerciales creados con IA, marketing en redes sociales y soporte técnico 24/7. Cada tarjeta de plan indica lo que ese plan añade: más páginas, más redes sociales, formularios de reserva, llamadas de estrategia.',
  },
  {
    question: 'When does the price change?',
    answer:
      'You pay the price on the plan card for your first 12 months. From the 13th month, the plan’s renewal price applies, as the card says; a plan without a renewal price keeps its price. We e-mail you 30 days before the price changes, and a later change to our prices does not change yours.',
    questionEs: '¿Cuándo cambia el precio?',
    answerEs:
      'Durante sus primeros 12 meses paga el precio de la tarjeta del plan. A partir del mes 13 se aplica el precio de renovación del plan, como indica la tarjeta; un plan sin precio de renovación mantiene su precio. Le enviamos un correo 30 días antes de que cambie el precio, y si más adelante cambiamos nuestros precios, el suyo no cambia.',
  },
  {
    question: 'How do I cancel?',
    answer:
      'On your billing page (we e-mail you a link to sign in), choose ‘Cancel subscription’. There is no cancellation fee and nothing to sign. Your plan keeps working until the end of the period you have paid for, you are not charged again, and until then you can resume it.',
    questionEs: '¿Cómo cancelo?',
    answerEs:
      'En su página de facturación (le enviamos por correo un enlace para entrar), elija ‘Cancelar suscripción’. No hay cargo por cancelar ni nada que firmar. Su plan sigue funcionando hasta el final del periodo que ya pagó, no se le vuelve a cobrar y hasta entonces puede reanudarlo.',
  },
  {
    question: 'What happens to my website if I cancel?',
    answer:
      'It stays online until the end of the period you have paid for. Before that date, ask us and we send you a copy of your website’s texts and images, and help you move your domain name, so you can keep your site with someone else.',
    questionEs: '¿Qué pasa con mi sitio web si cancelo?',
    answerEs:
      'Sigue en línea hasta el final del periodo que ya pagó. Antes de esa fecha, pídanoslo y le enviamos una copia de los textos e imágenes de su sitio, y le ayudamos a trasladar su nombre de dominio, para que pueda mantener su sitio con otro proveedor.',
  },
];

/** Adds the default questions (once per database: the agency's later edits are kept). */
export async function seedFaq(db: Db): Promise<void> {
  await db
    .insert(faqEntries)
    .values(DEFAULT_FAQ.map((entry, i) => ({ ...entry, sortOrder: i + 1 })));
}
