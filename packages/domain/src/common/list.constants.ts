// A list's page sizes, free of zod: every list page reads them, most of them without a form (docs/decisions.md
// "Page-weight budgets").
export const PAGE_SIZES = [5, 10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
