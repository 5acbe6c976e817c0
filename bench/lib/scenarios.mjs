// The scenarios `npm run bench` measures: a name, the request and who calls, with ids from the generated market.
// A scenario marked `uncached` runs on a second server with its market cache off, one marked `unchanged` sends back
// its last ETag (issue 25's unchanged polls), `login` signs in with solved captchas.
import { TOKENS } from '../generate.mjs';

/** What the Approved Bids page asks (apps/web approved-bids-page.tsx). */
const TRACKED = { bid_status: 'Approved', is_tracked_bid: true };

/** The scenarios: a name, the request, and who calls. Ids come from the generated market. */
export function scenarios(ids) {
  const as = (token) => ({ authorization: `Bearer ${token}` });
  const post = (name, method, body, token) => ({ name, path: `/api/${method}`, method: 'POST', body, token });
  const { superAdmin, admin, negotiator } = TOKENS;
  /** India's date `days` before today (a range's `to_date` defaults to 89 days after its `from_date`). */
  const daysAgo = (days) => new Date(Date.now() + 330 * 60_000 - days * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'GET /healthz', path: '/healthz', method: 'GET' },
    { name: 'login (argon2id m=19 MiB t=2 p=1)', login: true },
    post('refreshUser (session only)', 'refreshUser', {}, admin),
    post('getAllCompany page 1', 'getAllCompany', { page: 1, page_size: 10 }, superAdmin),
    post('getAllCompany approved sellers', 'getAllCompany', { type: 'Seller', status: ['Approved'] }, superAdmin),
    post('getAllCompany search "ganga"', 'getAllCompany', { item_search: 'ganga' }, superAdmin),
    post('getAllCompany page 50 by name desc', 'getAllCompany', { page: 50, sort_order: 'desc' }, superAdmin),
    post('getAllUsers', 'getAllUsers', {}, admin),
    post('getAllDistill', 'getAllDistill', {}, admin),
    post('getAllDistillGroup Centralized', 'getAllDistillGroup', { type: 'Centralized' }, admin),
    post('getAllCommission', 'getAllCommission', {}, superAdmin),
    post('getAuditLog page 1', 'getAuditLog', {}, superAdmin),
    post('getAuditLog search "mapping"', 'getAuditLog', { item_search: 'mapping' }, superAdmin),
    post('getAuditLog of one company', 'getAuditLog', { company_id: ids.company }, superAdmin),
    post('getCompanyDetails', 'getCompanyDetails', {}, admin),
    post('getUserbyId', 'getUserbyId', { id: ids.user }, admin),
    post('getDistillById', 'getDistillById', { id: ids.distillery }, admin),
    post('getDistillGroupById', 'getDistillGroupById', { id: ids.mapping }, admin),
    post('getCommissionbyId', 'getCommissionbyId', { id: ids.fee }, superAdmin),
    post('getAllOffers page 1', 'getAllOffers', {}, negotiator),
    post('getAllOffers search "grain"', 'getAllOffers', { item_search: 'grain' }, negotiator),
    post('getAllInventory page 1', 'getAllInventory', {}, negotiator),
    post(
      'getAllInventory by spirit and state',
      'getAllInventory',
      { type_of_spirits: ['Molasses ENA', 'Grain ENA'], state_names: ['Maharashtra', 'Karnataka'] },
      negotiator,
    ),
    post('getAllPossibleOffer (landed price order)', 'getAllPossibleOffer', { offer_id: ids.listing }, negotiator),
    post('getOfferMap', 'getOfferMap', { offer_id: ids.listing }, negotiator),
    post('getOfferById', 'getOfferById', { id: ids.listing }, negotiator),
    post('getInventorybyId', 'getInventorybyId', { id: ids.market_item }, negotiator),
    post('getMarketStats', 'getMarketStats', { product: ids.negotiated_product }, negotiator),
    post('latestNegotiation', 'latestNegotiation', {}, negotiator),
    post('latestNegotiation of a product', 'latestNegotiation', { product: ids.negotiated_product }, negotiator),
    post('getAllBids by listing', 'getAllBids', { offer_id: ids.bid_offer }, negotiator),
    // My Bids filtered to Approved: the rows carry the counterparty's ratings.
    post('getAllBids by status Approved', 'getAllBids', { bid_status: 'Approved' }, negotiator),
    // Approved Bids (issue 22), as its page asks: the tracked trades, without the ratings it does not show.
    post('Approved Bids (getAllBids tracked)', 'getAllBids', TRACKED, negotiator),
    // The SuperAdmin's Approved Bids: every company's trades, with the total kept seconds as the market's.
    post('Approved Bids (getAllBids tracked, SuperAdmin)', 'getAllBids', TRACKED, superAdmin),
    post('getAllBids awaiting me (priced rows)', 'getAllBids', { awaiting_me: true }, negotiator),
    // The menu's "Waiting for me" badge: asked on every signed-in page.
    post('getAwaitingBidCount (the menu badge)', 'getAwaitingBidCount', {}, negotiator),
    post('getBidById', 'getBidById', { bid_id: ids.bid }, negotiator),
    // Trend and analysis (issue 23): market-wide aggregates, each kept 15 s in the market cache (lib/market-cache.ts),
    // so most requests here are served from it and one in each 15 s computes.
    post('getPriceTrend', 'getPriceTrend', {}, negotiator),
    post('getPriceTrend of a product', 'getPriceTrend', { product: 'Grain ENA' }, negotiator),
    post('getAnalysisVolume by state (90 days)', 'getAnalysisVolume', { group_by: 'state' }, superAdmin),
    // The largest chart: ~1,900 points (52 weeks × 36 states).
    post(
      'getAnalysisVolume by state (a year)',
      'getAnalysisVolume',
      { group_by: 'state', from_date: daysAgo(364), to_date: daysAgo(0) },
      superAdmin,
    ),
    post('getAnalysisFunnel (90 days)', 'getAnalysisFunnel', {}, superAdmin),
    post('getAnalysisTopCompanies (90 days)', 'getAnalysisTopCompanies', {}, superAdmin),
    // The dashboards (issue 23): a company user's cards and lists, the SuperAdmin's platform figures and chart.
    post('getDashboardData (company cards)', 'getDashboardData', {}, negotiator),
    post('getDashboardData (SuperAdmin)', 'getDashboardData', {}, superAdmin),
    post('getDashboardAllApprovedBids 7 days (SuperAdmin)', 'getDashboardAllApprovedBids', { days: 7 }, superAdmin),
    post('getDashboardAllApprovedBids page 1', 'getDashboardAllApprovedBids', {}, negotiator),
    post('getDashboardAllOpenBids 7 days', 'getDashboardAllOpenBids', { days: 7 }, negotiator),
    post('getDashboardAllOpenBids 7 days (SuperAdmin)', 'getDashboardAllOpenBids', { days: 7 }, superAdmin),
    post('getDashboardCommissionData 90 days', 'getDashboardCommissionData', {}, superAdmin),
    post('getDashboardAllLapsedBids page 1', 'getDashboardAllLapsedBids', {}, negotiator),
    post('getDashboardAllPendingAprrovedBids', 'getDashboardAllPendingAprrovedBids', {}, TOKENS.sellerAuthorizer),
    // After the trade (issue 22): My Service Fee and the ratings lists.
    post('getAllBidCommission page 1', 'getAllBidCommission', {}, admin),
    post('getAllBidCommission (SuperAdmin)', 'getAllBidCommission', {}, superAdmin),
    // The same figures computed on every request: a second server with its market cache and record memo off
    // (MARKET_CACHE_SECONDS=0, RECORD_MEMO_ENTRIES=0), measured after the first has stopped, so each request runs the
    // statements and renders the records the cached rows above mostly skip.
    ...[
      post('getPriceTrend', 'getPriceTrend', {}, negotiator),
      post('getPriceTrend of a product', 'getPriceTrend', { product: 'Grain ENA' }, negotiator),
      post('getAnalysisVolume by state (90 days)', 'getAnalysisVolume', { group_by: 'state' }, superAdmin),
      // A year by week (the largest chart) and three years by month: whole periods from the weeks' and months' sums.
      post(
        'getAnalysisVolume by state (a year)',
        'getAnalysisVolume',
        { group_by: 'state', from_date: daysAgo(364), to_date: daysAgo(0) },
        superAdmin,
      ),
      post(
        'getAnalysisVolume by product (three years)',
        'getAnalysisVolume',
        { group_by: 'product', from_date: daysAgo(1095), to_date: daysAgo(0) },
        superAdmin,
      ),
      post('getAnalysisFunnel (90 days)', 'getAnalysisFunnel', {}, superAdmin),
      post(
        'getAnalysisFunnel (a year)',
        'getAnalysisFunnel',
        { from_date: daysAgo(364), to_date: daysAgo(0) },
        superAdmin,
      ),
      post('getAnalysisTopCompanies (90 days)', 'getAnalysisTopCompanies', {}, superAdmin),
      post(
        'getAnalysisTopCompanies (a year)',
        'getAnalysisTopCompanies',
        { from_date: daysAgo(364), to_date: daysAgo(0) },
        superAdmin,
      ),
      post('Approved Bids (getAllBids tracked)', 'getAllBids', TRACKED, negotiator),
      post('Approved Bids (getAllBids tracked, SuperAdmin)', 'getAllBids', TRACKED, superAdmin),
      post('getAllBidCommission page 1', 'getAllBidCommission', {}, admin),
      post('getDashboardData (company cards)', 'getDashboardData', {}, negotiator),
      post('getDashboardData (SuperAdmin)', 'getDashboardData', {}, superAdmin),
      post('getDashboardAllApprovedBids 7 days (SuperAdmin)', 'getDashboardAllApprovedBids', { days: 7 }, superAdmin),
      post('getDashboardAllOpenBids 7 days (SuperAdmin)', 'getDashboardAllOpenBids', { days: 7 }, superAdmin),
      post('getDashboardCommissionData 90 days', 'getDashboardCommissionData', {}, superAdmin),
    ].map((s) => ({ ...s, name: `${s.name} (uncached)`, uncached: true })),
    // Unchanged polls (issue 25): the poll sends back the ETag of its last answer and is answered 304 from the change
    // stamp (apps/server/src/lib/change-stamp.ts) without running the read. Goal: at least 0.5 of bare.
    {
      ...post('getAllBids by listing, unchanged poll (304)', 'getAllBids', { offer_id: ids.bid_offer }, negotiator),
      unchanged: true,
    },
    { ...post('getAllOffers page 1, unchanged poll (304)', 'getAllOffers', {}, negotiator), unchanged: true },
    {
      ...post('getDashboardData (company cards), unchanged poll (304)', 'getDashboardData', {}, negotiator),
      unchanged: true,
    },
  ].map((s) => ({ ...s, headers: s.token ? as(s.token) : {} }));
}
