import type {
  SupportFigures,
  SupportQueueItem,
  SupportQueuePage,
  SupportRequestDetail,
} from '../../../contract/support/support';

// Shared test data of the team's support screens (component tests only).

export const NOW = Date.now();
const MINUTE = 60_000;
export const iso = (ms: number) => new Date(ms).toISOString();

export const item = (n: number, extra: Partial<SupportQueueItem> = {}): SupportQueueItem => ({
  id: `00000000-0000-4000-8000-00000000${String(n).padStart(4, '0')}`,
  number: n,
  business: { id: `biz-${n}`, name: `Business ${n}`, email: `b${n}@example.com`, language: 'en' },
  topic: 'broken',
  urgency: 'normal',
  status: 'open',
  source: 'web',
  title: `Request ${n}`,
  assignee: null,
  createdAt: iso(NOW - 30 * MINUTE),
  lastMessageAt: iso(NOW - 30 * MINUTE),
  dueAt: iso(NOW + 3 * 60 * MINUTE),
  firstResponseAt: null,
  breached: false,
  acknowledgedAt: null,
  escalatedAt: null,
  ...extra,
});

export const queuePage = (
  items: SupportQueueItem[],
  extra: Partial<SupportQueuePage> = {},
): SupportQueuePage => ({
  items,
  total: items.length,
  counts: { open: 2, answered: 1, closed: 4, breached: 1, mine: 0 },
  page: 1,
  pageSize: 25,
  ...extra,
});

export const FIGURES: SupportFigures = {
  days: 30,
  urgent: {
    open: 1,
    requests: 4,
    medianFirstResponseMinutes: 22,
    withinTarget: 0.75,
    breached: 1,
  },
  normal: {
    open: 3,
    requests: 12,
    medianFirstResponseMinutes: 200,
    withinTarget: 1,
    breached: 0,
  },
};

export const detail = (
  base: SupportQueueItem,
  extra: Partial<SupportRequestDetail> = {},
): SupportRequestDetail => ({
  ...base,
  messages: [
    {
      id: 'm1',
      kind: 'client',
      authorName: 'Ana Ruiz',
      body: 'The contact form sends nothing.',
      via: 'web',
      attachments: [
        { id: 'file-1', contentType: 'image/webp', size: 20_480, name: 'screenshot.webp' },
      ],
      at: base.createdAt,
    },
    {
      id: 'm2',
      kind: 'note',
      authorName: 'Sam',
      body: 'Their SMTP password expired, I think.',
      via: 'web',
      attachments: [],
      at: base.createdAt,
    },
  ],
  resolution: null,
  closedAt: null,
  mergedInto: null,
  acknowledgedBy: null,
  replyTo: `support+${base.number}@agency.example`,
  ...extra,
});

export const EMPLOYEES = [
  { id: 'emp-1', name: 'Sam' },
  { id: 'emp-2', name: 'Pat Manager' },
  { id: 'emp-3', name: 'Lee' },
];
