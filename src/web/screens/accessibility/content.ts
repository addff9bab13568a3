/**
 * Every text of the accessibility statement, in one place so that a translation (the Spanish site,
 * docs/product.md §11) is one more object of the same shape. `{product}` is filled in with the
 * site name; the contact e-mail sits between `before` and `after`.
 */
export interface StatementText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs?: string[]; items?: string[] }[];
  contact: { heading: string; before: string; after: string };
}

export const STATEMENT_EN: StatementText = {
  title: 'Accessibility statement',
  intro:
    '{product} wants everyone to be able to see our plans, register a business and pay, whatever device, browser or assistive technology they use. This page says what we aim for, how we check it, and where we still fall short.',
  sections: [
    {
      heading: 'The standard we hold',
      paragraphs: [
        'We build this site to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. That covers the public pages (home page, checkout, payment confirmation, your billing page and this page) and the admin area our team works in.',
      ],
    },
    {
      heading: 'How we test',
      items: [
        'An automated accessibility check (axe) runs in our browser tests on every screen, in its different states; a serious problem fails the tests.',
        'Keyboard-only tests register a business, pay with a test card and do the admin tasks without a mouse, and check where focus lands after every form, delete and dialog.',
        'A test measures the focus indicator on every page, in the light and the dark theme: it must keep a contrast of at least 3:1 with what is around it.',
        'When your device asks for reduced motion, animations, transitions and smooth scrolling are turned off, and a test checks that too.',
        'The site follows your device’s light or dark setting, or the theme you choose in the page header.',
      ],
    },
    {
      heading: 'Known limits',
      items: [
        'When we take real payments, the card fields are Stripe’s Payment Element, shown in Stripe’s own frame. Stripe designs it to be accessible, but we cannot test or change it ourselves.',
        'The public site is in English and Spanish. The admin area, used by our own team, is in English only.',
        'Directions to a business open in Google Maps, which we do not control. The revenue chart in the admin area is a picture only: the same figures are given as text and in a table beside it.',
      ],
    },
  ],
  contact: {
    heading: 'Tell us what does not work',
    before:
      'If something on this site is hard to use for you, or you need what it says in another form, e-mail us at',
    after:
      '. Tell us the page and what went wrong, and we will fix it or find another way to help you.',
  },
};

/** The same statement for Spanish-speaking visitors (/es/accessibility), addressed as *usted* like the rest of the site. */
export const STATEMENT_ES: StatementText = {
  title: 'Declaración de accesibilidad',
  intro:
    'En {product} queremos que cualquier persona pueda ver nuestros planes, registrar su negocio y pagar, sin importar el dispositivo, el navegador o la tecnología de apoyo que use. Esta página explica a qué aspiramos, cómo lo comprobamos y en qué todavía nos quedamos cortos.',
  sections: [
    {
      heading: 'La norma que seguimos',
      paragraphs: [
        'Construimos este sitio para cumplir las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2 en el nivel AA. Eso abarca las páginas públicas (la página de inicio, el pago, la confirmación del pago, su página de facturación y esta página) y el área de administración donde trabaja nuestro equipo.',
      ],
    },
    {
      heading: 'Cómo lo comprobamos',
      items: [
        'Una revisión automática de accesibilidad (axe) se ejecuta en nuestras pruebas de navegador en cada pantalla y en sus distintos estados; un problema grave hace fallar las pruebas.',
        'Pruebas solo con teclado registran un negocio, pagan con una tarjeta de prueba y hacen las tareas de administración sin ratón, y comprueban dónde queda el foco después de cada formulario, cada eliminación y cada ventana de diálogo.',
        'Una prueba mide el indicador de foco en cada página, con el tema claro y con el oscuro: debe tener un contraste de al menos 3:1 con lo que lo rodea.',
        'Cuando su dispositivo pide reducir el movimiento, las animaciones, las transiciones y el desplazamiento suave se desactivan, y una prueba también lo comprueba.',
        'El sitio sigue la opción de modo claro u oscuro de su dispositivo, o el tema que usted elija en el encabezado de la página.',
      ],
    },
    {
      heading: 'Limitaciones conocidas',
      items: [
        'Cuando cobramos pagos reales, los campos de la tarjeta son el Payment Element de Stripe, que se muestra en un marco propio de Stripe. Stripe lo diseña para que sea accesible, pero nosotros no podemos probarlo ni cambiarlo.',
        'El sitio público está en inglés y en español. El área de administración, que usa nuestro propio equipo, está solo en inglés.',
        'Las indicaciones para llegar a un negocio se abren en Google Maps, que no controlamos. El gráfico de ingresos del área de administración es solo una imagen: las mismas cifras aparecen como texto y en una tabla al lado.',
      ],
    },
  ],
  contact: {
    heading: 'Díganos qué no funciona',
    before:
      'Si algo de este sitio le resulta difícil de usar, o necesita lo que dice en otro formato, escríbanos a',
    after:
      '. Díganos la página y qué salió mal, y lo arreglaremos o buscaremos otra forma de ayudarle.',
  },
};
