// The listing page's tab contents, one component per tab key. The bids issue replaces the three placeholders with
// its Placed Bids, Pending Authorisation and Pending Approval lists; the page and its tab rule stay as they are.
import type { OfferDetail } from '@spirit/domain/listings/listings.schemas';
import type { ComponentType } from 'react';
import type { PlaceBidDialogProps } from './listing-extensions';
import { EmptyState } from '../../../ui/status-states';
import type { TabKey } from './listing-tabs';
import { PossibleTab } from './possible-tab';

export type TabPanelProps = {
  listing: OfferDetail;
  /** The user is a Negotiator: bids may be placed from the tab. */
  canBid: boolean;
  /** Opens from the Possible tab's action when the bids feature supplies it (else the action links to /biditem). */
  PlaceBidDialog?: ComponentType<PlaceBidDialogProps> | undefined;
};

function NoBidsYet() {
  return <EmptyState />;
}

export const TAB_PANELS: Record<TabKey, ComponentType<TabPanelProps>> = {
  tab1: PossibleTab,
  tab2: NoBidsYet,
  tab4: NoBidsYet,
  tab3: NoBidsYet,
};
