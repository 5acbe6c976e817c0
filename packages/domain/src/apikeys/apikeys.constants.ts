// Company API keys (issue 25 part 5): an ERP calls the API as its company, within the key's scope. No imports, so
// the web bundle and the server's registry share the scope map.

export const API_KEY_PREFIX = 'sxk_';

export const API_KEY_SCOPES = ['read', 'read_write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read listings and bids',
  read_write: 'Read listings and bids, create listings',
};

/** What a `read` key may call: the market and the company's own listings, its bid lists and a bid's detail. */
const READ_METHODS = [
  'getAllOffers',
  'getOfferById',
  'getMarketStats',
  'getAllInventory',
  'getInventorybyId',
  'getAllPossibleOffer',
  'getAllBids',
  'getBidById',
  'getStateCities',
  'getAllSpirit',
] as const;

/** The methods each scope admits; every other method answers 403 to a key. */
export const API_KEY_SCOPE_METHODS: Record<ApiKeyScope, ReadonlySet<string>> = {
  read: new Set(READ_METHODS),
  read_write: new Set([...READ_METHODS, 'createOffer']),
};

export const mayKeyCall = (scope: ApiKeyScope, method: string) => API_KEY_SCOPE_METHODS[scope].has(method);

export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked',
  invalid: 'Invalid or revoked API key',
  outOfScope: (method: string) => `This API key may not call ${method}`,
} as const;
