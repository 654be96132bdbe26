/**
 * Marketing figures and the landing page's structured data (spec §1), in one place so an
 * operator changes them once: the web landing page and the server-rendered HTML both read
 * this module. Pure data and Intl formatting: no DOM, no Node.
 */
const AVERAGE_RATING = 4.9;

export const MARKETING = {
  /** Claims shown on the landing page. */
  figures: {
    activeUsers: 50_000,
    tasksManaged: 1_000_000,
    uptimePercent: 99.9,
    averageRating: AVERAGE_RATING,
  },
  /** schema.org SoftwareApplication data of the landing page (the rating is the claim above). */
  structuredData: {
    price: 0,
    priceCurrency: 'USD',
    ratingValue: AVERAGE_RATING,
    ratingCount: 1250,
    bestRating: 5,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web, Android, iOS',
  },
  copyrightYear: 2024,
} as const;

/** The beta price (0 USD) as the given language writes an amount of money. */
export function formatBetaPrice(locale: string): string {
  const { price, priceCurrency } = MARKETING.structuredData;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: priceCurrency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(price);
}

export type MarketingFigure = keyof typeof MARKETING.figures;
export const MARKETING_FIGURES: readonly MarketingFigure[] = ['activeUsers', 'tasksManaged', 'uptimePercent', 'averageRating'];

/**
 * A figure as the given language writes it: 50K / 50 हज़ार / 50 ألف, 99.9% / 99,9 %, 4.9 / 4,9.
 * Counts are approximate claims, so they get the compact notation and a '+' added by the texts.
 */
export function formatMarketingFigure(figure: MarketingFigure, locale: string): string {
  const value = MARKETING.figures[figure];
  switch (figure) {
    case 'activeUsers':
    case 'tasksManaged':
      return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
    case 'uptimePercent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
    case 'averageRating':
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  }
}

export interface SoftwareApplicationInput {
  /** Absolute URL of the landing page in this language. */
  url: string;
  /** Absolute URL of the social preview image. */
  image: string;
  description: string;
  language: string;
}

/** The landing page's JSON-LD (schema.org SoftwareApplication with offer and rating). */
export function softwareApplicationJsonLd(input: SoftwareApplicationInput) {
  const data = MARKETING.structuredData;
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: 'Taskaty',
    url: input.url,
    image: input.image,
    description: input.description,
    inLanguage: input.language,
    applicationCategory: data.applicationCategory,
    operatingSystem: data.operatingSystem,
    offers: { '@type': 'Offer', price: String(data.price), priceCurrency: data.priceCurrency },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: String(data.ratingValue),
      ratingCount: String(data.ratingCount),
      bestRating: String(data.bestRating),
    },
  };
}
