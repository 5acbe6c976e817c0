// What other features add to the listing page, handed in by the app's route table (features do not import each
// other): the bid lists of tabs 2–4 and the Place bid dialog opened from the Possible tab.
import type { OfferDetail, PossibleRecord } from '@spirit/domain/listings/listings.schemas';
import type { ComponentType } from 'react';
import type { TabPanelProps } from './listing-tab-panels';
import type { TabKey } from './listing-tabs';

export type PlaceBidDialogProps = {
  listing: OfferDetail;
  /** The counterparty listing chosen on the Possible tab; null keeps the dialog closed. */
  target: PossibleRecord | null;
  onClose: () => void;
};

export type ListingExtensions = {
  panels?: Partial<Record<TabKey, ComponentType<TabPanelProps>>>;
  PlaceBidDialog?: ComponentType<PlaceBidDialogProps>;
};
