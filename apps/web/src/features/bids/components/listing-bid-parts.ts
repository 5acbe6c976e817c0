// The bids feature's parts of the listing page (/offeredit/{id}), handed to it by the app's route table: the
// Placed Bids (tab2), Pending Authorisation (tab4) and Pending Approval (tab3) lists, and the Place bid dialog.
import { PendingApprovalTab, PendingAuthorisationTab } from './pending-bids-tab';
import { PlaceBidDialog } from './place-bid-dialog';
import { PlacedBidsTab } from './placed-bids-tab';

export const LISTING_BID_PARTS = {
  panels: { tab2: PlacedBidsTab, tab4: PendingAuthorisationTab, tab3: PendingApprovalTab },
  PlaceBidDialog,
};
