// Offers and asks, the market and bulk upload (spec 001 §7; issue 8). "Offer" in a call's name means a listing of
// either side, "inventory" a listing seen from the market.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import {
  createOfferSchema,
  generateExcelResultSchema,
  generateExcelSchema,
  inventoryByIdSchema,
  inventoryDetailSchema,
  inventoryListResultSchema,
  inventoryQuerySchema,
  listingSchema,
  marketStatsQuerySchema,
  marketStatsSchema,
  offerByIdSchema,
  offerDetailSchema,
  offerListResultSchema,
  offerListSchema,
  possibleListResultSchema,
  possibleQuerySchema,
  spiritsAvailableStatesQuerySchema,
  spiritsAvailableStatesSchema,
  tickerQuerySchema,
  tickerSchema,
  updateInventorySchema,
  uploadCsvResultSchema,
  uploadCsvSchema,
} from './listings.schemas.js';
import { offerMapQuerySchema, offerMapResultSchema } from './offer-map.schemas.js';

export const LISTING_METHODS = {
  getAllOffers: {
    body: offerListSchema,
    data: offerListResultSchema,
    access: METHOD_ACCESS.getAllOffers,
    summary: 'The caller’s company’s offers (Seller) or asks (Buyer), with open bids and last update',
  },
  getOfferById: {
    body: offerByIdSchema,
    data: offerDetailSchema,
    access: METHOD_ACCESS.getOfferById,
    summary: 'One of the company’s listings with the market figures of its product',
  },
  getMarketStats: {
    body: marketStatsQuerySchema,
    data: marketStatsSchema,
    access: METHOD_ACCESS.getMarketStats,
    summary: 'Market figures of a product (the summary cards of the New Offer / New Ask forms)',
  },
  createOffer: {
    body: createOfferSchema,
    data: listingSchema,
    access: METHOD_ACCESS.createOffer,
    summary: 'Post an offer (Seller) or an ask (Buyer) for a distillery the caller negotiates for',
  },
  updateInventory: {
    body: updateInventorySchema,
    data: listingSchema,
    access: METHOD_ACCESS.updateInventory,
    summary: 'Edit a listing (its distillery’s Negotiator); not below the quantity already traded',
  },
  getSpiritsAvailableStates: {
    body: spiritsAvailableStatesQuerySchema,
    data: spiritsAvailableStatesSchema,
    access: METHOD_ACCESS.getSpiritsAvailableStates,
    summary: 'The company’s products, each with the states where the caller negotiates for a distillery',
  },
  latestNegotiation: {
    body: tickerQuerySchema,
    data: tickerSchema,
    access: METHOD_ACCESS.latestNegotiation,
    summary: 'The market ticker: newest non-confidential negotiation entries of a product',
  },
  getAllPossibleOffer: {
    body: possibleQuerySchema,
    data: possibleListResultSchema,
    access: METHOD_ACCESS.getAllPossibleOffer,
    summary: 'Possible counterparties of one of the company’s listings, with ratings and the landed price per litre',
  },
  getOfferMap: {
    body: offerMapQuerySchema,
    data: offerMapResultSchema,
    access: METHOD_ACCESS.getOfferMap,
    summary: 'The offer map: one of the company’s listings’ possible counterparties summed per state and source',
  },
  getAllInventory: {
    body: inventoryQuerySchema,
    data: inventoryListResultSchema,
    access: METHOD_ACCESS.getAllInventory,
    summary: 'The market: other companies’ open listings of the other side, names masked',
  },
  getInventorybyId: {
    body: inventoryByIdSchema,
    data: inventoryDetailSchema,
    access: METHOD_ACCESS.getInventorybyId,
    summary: 'An item of the market, or one of the company’s own listings',
  },
  generateExcel: {
    body: generateExcelSchema,
    data: generateExcelResultSchema,
    access: METHOD_ACCESS.generateExcel,
    summary: 'The bulk-upload template (xlsx) of the caller’s side, as a file link',
  },
  uploadCSV: {
    body: uploadCsvSchema,
    data: uploadCsvResultSchema,
    access: METHOD_ACCESS.uploadCSV,
    summary: 'Create every row of an uploaded csv/xls/xlsx sheet, or none, with a per-row error report',
  },
} as const satisfies Record<string, MethodSpec>;
