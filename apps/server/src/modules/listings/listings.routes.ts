import { LISTING_MESSAGES, sideOfCompany } from '@spirit/domain/listings/listings.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { listEtag } from '../../lib/change-stamp.js';
import * as bulk from './listings.bulk.js';
import * as reads from './listings.read.js';
import * as listings from './listings.service.js';
import { offerMap } from './offer-map.service.js';

export function listingsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  // The polled lists and ticker answer an unchanged poll 304 (lib/change-stamp.ts).
  defineMethod(
    app,
    'getAllOffers',
    async ({ body, actor }) => ({ data: await reads.list(deps, actor!, body) }),
    listEtag,
  );
  defineMethod(app, 'getOfferById', async ({ body, actor }) => ({ data: await reads.get(deps, actor!, body.id) }));
  defineMethod(app, 'getMarketStats', async ({ body, actor }) => ({
    data: await reads.marketStats(deps, actor!, body.product),
  }));
  defineMethod(app, 'createOffer', async ({ body, actor }) => {
    const data = await listings.create(deps, actor!, body);
    return { message: LISTING_MESSAGES.created[data.side], data };
  });
  defineMethod(app, 'updateInventory', async ({ body, actor }) => {
    const data = await listings.update(deps, actor!, body);
    return { message: LISTING_MESSAGES.updated[data.side], data };
  });
  defineMethod(app, 'getSpiritsAvailableStates', async ({ actor }) => ({
    data: await reads.spiritsAvailableStates(deps, actor!),
  }));
  defineMethod(
    app,
    'latestNegotiation',
    async ({ body, actor }) => ({ data: await reads.latestNegotiation(deps, actor!, body.product) }),
    listEtag,
  );
  defineMethod(
    app,
    'getAllPossibleOffer',
    async ({ body, actor }) => ({ data: await reads.possible(deps, actor!, body) }),
    listEtag,
  );
  defineMethod(app, 'getOfferMap', async ({ body, actor }) => ({
    data: await offerMap(deps, actor!, body.offer_id),
  }));
  defineMethod(app, 'getAllInventory', async ({ body, actor }) => ({
    data: await reads.inventory(deps, actor!, body),
  }));
  defineMethod(app, 'getInventorybyId', async ({ body, actor }) => ({
    data: await reads.inventoryItem(deps, actor!, body.id),
  }));
  defineMethod(app, 'generateExcel', async ({ body, actor }) => ({
    message: LISTING_MESSAGES.templateReady,
    data: await bulk.generateTemplate(deps, actor!, body.type),
  }));
  defineMethod(app, 'uploadCSV', async ({ body, actor }) => {
    const data = await bulk.uploadSheet(deps, actor!, body.s3_url);
    return { message: LISTING_MESSAGES.bulkUploaded(data.created, sideOfCompany(actor!.companyType!)), data };
  });
}
