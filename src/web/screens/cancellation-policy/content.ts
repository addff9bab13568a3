/**
 * The cancellation policy (issue 28 §7), linked from checkout and the landing page's FAQ: every
 * text in one place, one object per language like the accessibility statement. `{product}` is
 * the site name; the support e-mail sits between `before` and `after`.
 */
export interface PolicyText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
  contact: { heading: string; before: string; after: string };
}

export const POLICY_EN: PolicyText = {
  title: 'Cancellation policy',
  intro:
    'You can cancel your {product} plan at any time, yourself, without calling anyone. This page says how, what it costs (nothing) and what happens next.',
  sections: [
    {
      heading: 'How to cancel',
      paragraphs: [
        'Open your billing page: we e-mail you a link to sign in, no password needed. Choose ‘Cancel subscription’ and confirm. You may tell us why you are leaving; you do not have to.',
      ],
    },
    {
      heading: 'When it takes effect',
      paragraphs: [
        'Your subscription ends at the end of the period you have already paid for. Until that date your website and every service of your plan keep working, and you are not charged again.',
        'Changed your mind? Until that date, choose ‘Resume subscription’ on the same page and nothing changes.',
      ],
    },
    {
      heading: 'Fees and refunds',
      paragraphs: [
        'There is no cancellation fee and no minimum term: the first 12 months at the introductory price are not a commitment. We do not refund the rest of a period you have started; if you were charged by mistake, write to us and we refund it.',
      ],
    },
    {
      heading: 'Your website after you cancel',
      paragraphs: [
        'It stays online until the end of the period you have paid for. Before that date, ask us and we send you a copy of your website’s texts and images, and help you move your domain name, so you can keep your site with someone else.',
      ],
    },
  ],
  contact: {
    heading: 'Questions',
    before: 'Write to us at',
    after: '.',
  },
};

/** The same policy for Spanish-speaking visitors (/es/cancellation-policy), addressed as *usted*. */
export const POLICY_ES: PolicyText = {
  title: 'Política de cancelación',
  intro:
    'Puede cancelar su plan de {product} en cualquier momento, usted mismo, sin llamar a nadie. Esta página explica cómo hacerlo, cuánto cuesta (nada) y qué pasa después.',
  sections: [
    {
      heading: 'Cómo cancelar',
      paragraphs: [
        'Abra su página de facturación: le enviamos por correo un enlace para entrar, sin contraseña. Elija ‘Cancelar suscripción’ y confirme. Puede contarnos por qué se va, pero no es obligatorio.',
      ],
    },
    {
      heading: 'Cuándo se aplica',
      paragraphs: [
        'Su suscripción termina al final del periodo que ya pagó. Hasta esa fecha su sitio web y todos los servicios de su plan siguen funcionando, y no se le vuelve a cobrar.',
        '¿Cambió de opinión? Hasta esa fecha, elija ‘Reanudar suscripción’ en la misma página y todo sigue igual.',
      ],
    },
    {
      heading: 'Cargos y reembolsos',
      paragraphs: [
        'No hay cargo por cancelar ni plazo mínimo: los primeros 12 meses al precio inicial no son un compromiso. No reembolsamos el resto de un periodo ya comenzado; si se le cobró por error, escríbanos y se lo reembolsamos.',
      ],
    },
    {
      heading: 'Su sitio web después de cancelar',
      paragraphs: [
        'Sigue en línea hasta el final del periodo que ya pagó. Antes de esa fecha, pídanoslo y le enviamos una copia de los textos e imágenes de su sitio, y le ayudamos a trasladar su nombre de dominio, para que pueda mantener su sitio con otro proveedor.',
      ],
    },
  ],
  contact: {
    heading: 'Preguntas',
    before: 'Escríbanos a',
    after: '.',
  },
};
