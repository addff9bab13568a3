/** Demo data. Prices are demo prices; the renewal prices are those of spec section 9. */
const CORE_SERVICES = ['Website Development', '2 AI Generated Commercials', 'Social Media Marketing', '24/7 Tech Support'];

export const DEMO_PLANS = [
  {
    name: 'essential',
    displayName: 'Essential',
    description: 'A professional website and the basics to get your business found online.',
    priceCents: 19_900,
    renewalPriceCents: 42_500,
    features: [...CORE_SERVICES, 'Up to 5 website pages', '1 social media channel managed', 'Monthly performance report'],
  },
  {
    name: 'growing',
    displayName: 'Growing',
    description: 'More pages, more channels and local search work for a business that is picking up speed.',
    priceCents: 29_900,
    renewalPriceCents: 32_500,
    features: [...CORE_SERVICES, 'Up to 10 website pages', '2 social media channels managed', 'Local search listing set-up'],
  },
  {
    name: 'professional',
    displayName: 'Professional',
    description: 'Our most chosen plan: a full business site with online booking and steady marketing.',
    priceCents: 44_900,
    renewalPriceCents: null,
    mostPopular: true,
    features: [...CORE_SERVICES, 'Up to 20 website pages', '3 social media channels managed', 'Online booking or contact forms', 'Quarterly strategy call'],
  },
  {
    name: 'comprehensive',
    displayName: 'Comprehensive',
    description: 'Everything we do, for businesses that want a partner for their whole online presence.',
    priceCents: 59_900,
    renewalPriceCents: 56_500,
    features: [...CORE_SERVICES, 'Unlimited website pages', 'All major social media channels managed', 'Online store set-up', 'Monthly strategy call'],
  },
];

/** Clearly fictional client websites on reserved example domains. */
export const DEMO_PORTFOLIO = [
  {
    websiteName: 'Harbor Lights Bakery (demo)',
    websiteUrl: 'https://harbor-lights-bakery.example.com',
    logoUrl: '/demo/harbor-lights.svg',
    description: 'Demo client: a neighbourhood bakery with online pre-orders and a weekly specials page.',
  },
  {
    websiteName: 'Ridgeline Auto Care (demo)',
    websiteUrl: 'https://ridgeline-auto.example.net',
    logoUrl: '/demo/ridgeline-auto.svg',
    description: 'Demo client: a family-run repair shop with service booking and customer reviews.',
  },
  {
    websiteName: 'Juniper Family Dental (demo)',
    websiteUrl: 'https://juniper-dental.example.org',
    logoUrl: null,
    description: 'Demo client: a dental practice site with new-patient forms and insurance information.',
  },
];
