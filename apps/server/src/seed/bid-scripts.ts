// The scripts of the demo market's bids (seed/bids.ts): between which demo companies, of which product and how far
// each goes, so every demo Negotiator, Authorizer and Approver finds something waiting.

/** What one scripted bid does after placement. */
type Script = 'new' | 'countered' | 'locked' | 'authorized' | 'approved' | 'rejected' | 'lapsed';

/**
 * Seller, buyer, product, which of each company's distilleries (0–2; 2 is negotiator2's) and how far it goes. The
 * placer is the buyer unless `bySeller`. Every company's every tier has at least one bid waiting for it.
 */
export const SCRIPTS: {
  seller: string;
  buyer: string;
  product: string;
  at: [number, number];
  script: Script;
  bySeller?: boolean;
  /** An approved trade made this many days ago (the trend, the fee history and the dashboards have a past). */
  daysAgo?: number;
}[] = [
  // Past trades over the last 90 days, on the pairs that trade again today below.
  ...([84, 63, 41, 22, 9] as const).flatMap((daysAgo, k) => [
    {
      seller: 'Deccan Distilleries',
      buyer: 'Bengal Blenders',
      product: 'Molasses RS',
      at: [0, 0] as [number, number],
      script: 'approved' as const,
      daysAgo,
    },
    ...(k % 2 === 0
      ? [
          {
            seller: 'Ganga Grain Spirits',
            buyer: 'Rajputana Beverages',
            product: 'Grain ENA',
            at: [1, 0] as [number, number],
            script: 'approved' as const,
            daysAgo: daysAgo - 3,
            bySeller: true,
          },
        ]
      : []),
  ]),
  // Waiting for a Negotiator.
  {
    seller: 'Deccan Distilleries',
    buyer: 'Punjab Bottling Company',
    product: 'Molasses ENA',
    at: [0, 0],
    script: 'new',
  },
  {
    seller: 'Deccan Distilleries',
    buyer: 'Punjab Bottling Company',
    product: 'Molasses ENA',
    at: [2, 1],
    script: 'new',
  },
  { seller: 'Deccan Distilleries', buyer: 'Bengal Blenders', product: 'Molasses ENA', at: [0, 0], script: 'countered' },
  {
    seller: 'Kaveri Malt Works',
    buyer: 'Punjab Bottling Company',
    product: 'Grain ENA',
    at: [0, 0],
    script: 'new',
    bySeller: true,
  },
  { seller: 'Ganga Grain Spirits', buyer: 'Rajputana Beverages', product: 'Grain ENA', at: [0, 0], script: 'new' },
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Rajputana Beverages',
    product: 'Grain ENA',
    at: [1, 1],
    script: 'countered',
  },
  { seller: 'Kaveri Malt Works', buyer: 'Rajputana Beverages', product: 'Grape Spirit', at: [0, 0], script: 'new' },
  // The de-centralized distilleries' Negotiators (negotiator2).
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Bengal Blenders',
    product: 'Grain Tripple Distilled ENA',
    at: [2, 2],
    script: 'new',
  },
  {
    seller: 'Deccan Distilleries',
    buyer: 'Bengal Blenders',
    product: 'Molasses RS',
    at: [1, 2],
    script: 'new',
    bySeller: true,
  },
  { seller: 'Kaveri Malt Works', buyer: 'Rajputana Beverages', product: 'Rum Spirit', at: [2, 1], script: 'new' },
  {
    seller: 'Kaveri Malt Works',
    buyer: 'Punjab Bottling Company',
    product: 'Malt Spirit',
    at: [1, 2],
    script: 'new',
    bySeller: true,
  },
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Rajputana Beverages',
    product: 'Grain ENA',
    at: [2, 2],
    script: 'new',
    bySeller: true,
  },
  // Waiting for Authorizers.
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Punjab Bottling Company',
    product: 'Grain ENA',
    at: [0, 0],
    script: 'locked',
  },
  { seller: 'Deccan Distilleries', buyer: 'Bengal Blenders', product: 'Molasses', at: [0, 0], script: 'locked' },
  { seller: 'Kaveri Malt Works', buyer: 'Rajputana Beverages', product: 'Grain ENA', at: [1, 0], script: 'locked' },
  // Waiting for Approvers.
  {
    seller: 'Kaveri Malt Works',
    buyer: 'Rajputana Beverages',
    product: 'Rum Spirit',
    at: [0, 0],
    script: 'authorized',
  },
  {
    seller: 'Deccan Distilleries',
    buyer: 'Punjab Bottling Company',
    product: 'Molasses ENA',
    at: [1, 2],
    script: 'authorized',
  },
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Bengal Blenders',
    product: 'Grain Tripple Distilled ENA',
    at: [0, 0],
    script: 'authorized',
  },
  // Closed: trades (each with a sale order, sale-orders.ts), a rejection, a lapse.
  { seller: 'Deccan Distilleries', buyer: 'Bengal Blenders', product: 'Molasses RS', at: [0, 0], script: 'approved' },
  { seller: 'Ganga Grain Spirits', buyer: 'Rajputana Beverages', product: 'Grain ENA', at: [1, 0], script: 'approved' },
  {
    seller: 'Kaveri Malt Works',
    buyer: 'Punjab Bottling Company',
    product: 'Malt Spirit',
    at: [0, 0],
    script: 'rejected',
  },
  {
    seller: 'Ganga Grain Spirits',
    buyer: 'Punjab Bottling Company',
    product: 'Grain ENA',
    at: [1, 1],
    script: 'lapsed',
  },
  // More lapses, on pairs whose bids above are closed: every demo company has one (the Bids Lapsed card).
  { seller: 'Deccan Distilleries', buyer: 'Bengal Blenders', product: 'Molasses RS', at: [0, 0], script: 'lapsed' },
  { seller: 'Kaveri Malt Works', buyer: 'Rajputana Beverages', product: 'Grape Spirit', at: [1, 1], script: 'lapsed' },
  // Kaveri and Punjab's trade of this week: every demo company has a trade on its dashboard (last,
  // so the earlier trades keep their sale orders: seed/sale-orders.ts alternates PDF and PNG in trade order).
  {
    seller: 'Kaveri Malt Works',
    buyer: 'Punjab Bottling Company',
    product: 'Malt Spirit',
    at: [1, 1],
    script: 'approved',
    daysAgo: 4,
  },
];
