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
        'The site is in English for now. The admin area, used by our own team, is in English only.',
        'Directions to a business open in Google Maps, which we do not control. The revenue chart in the admin area is a picture only: the same figures are given as text and in a table beside it.',
      ],
    },
  ],
  contact: {
    heading: 'Tell us what does not work',
    before: 'If something on this site is hard to use for you, or you need what it says in another form, e-mail us at',
    after: '. Tell us the page and what went wrong, and we will fix it or find another way to help you.',
  },
};
