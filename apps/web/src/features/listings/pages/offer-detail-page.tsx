// The listing page (/offeredit/{id}, spec 001 §2 "Offer detail"): the market figures of the listing's product, its
// summary, the market ticker, and the tabs of the user's roles, the open one named by `?tab=` (tab1 to tab4).
import { TabPanel, TabView } from 'primereact/tabview';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useOfferById } from '../api/get-offer-by-id';
import { ListingSummary, MarketFigures } from '../components/listing-overview';
import type { ListingExtensions } from '../components/listing-extensions';
import { TAB_PANELS } from '../components/listing-tab-panels';
import { counterpartyOf, openTab, tabLabel, visibleTabs, type TabKey } from '../components/listing-tabs';
import { MarketTicker } from '../components/market-ticker';

/** The list state of the tab left behind: a new tab starts on its first page, in its own order. */
const LIST_KEYS = ['page', 'page_size', 'search', 'sort_order', 'sort_by'];

function ListingTabs({
  listing,
  extensions,
}: {
  listing: NonNullable<ReturnType<typeof useOfferById>['data']>;
  extensions: ListingExtensions;
}) {
  const user = useSession()?.user;
  const roles = user?.roles ?? [];
  const [params, setParams] = useSearchParams();
  const tabs = visibleTabs(roles);
  const active = openTab(params.get('tab'), roles);
  // Only the Negotiator of the listing's own distillery bids from it (the server decides `can_edit` by the same rule).
  const canBid = roles.includes('Negotiator') && listing.can_edit;

  const choose = (key: TabKey) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const k of LIST_KEYS) next.delete(k);
      next.set('tab', key);
      return next;
    });

  return (
    <TabView
      className="listing-tabs"
      activeIndex={tabs.indexOf(active)}
      onTabChange={(event) => choose(tabs[event.index]!)}
    >
      {tabs.map((key) => {
        const Panel = extensions.panels?.[key] ?? TAB_PANELS[key];
        return (
          <TabPanel key={key} header={tabLabel(key, user?.company_type)}>
            <Panel listing={listing} canBid={canBid} PlaceBidDialog={extensions.PlaceBidDialog} />
          </TabPanel>
        );
      })}
    </TabView>
  );
}

export function OfferDetailPage({ extensions = {} }: { extensions?: ListingExtensions }) {
  const user = useSession()?.user;
  const id = routeId(useParams().id);
  const query = useOfferById(id);
  const heading = user?.company_type === 'Buyer' ? 'Asks' : 'Offers';
  const back =
    user?.company_type === 'Buyer' ? { to: '/ask', label: 'Back to Asks' } : { to: '/offers', label: 'Back to Offers' };

  let content;
  if (id === undefined || id === null)
    content = <ErrorState message={`Choose one of your ${heading.toLowerCase()} to see it here.`} back={back} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={back} />;
  else {
    const listing = query.data;
    const editable = listing.can_edit && !!user?.roles.includes('Negotiator');
    content = (
      <>
        <MarketFigures listing={listing} />
        <ListingSummary
          listing={listing}
          actions={
            <div className="form-actions">
              <Link to={`/viewitem/${listing.id}`} className="p-button p-component p-button-outlined link-as-button">
                <i className="pi pi-eye" aria-hidden="true" />
                <span>View Item</span>
              </Link>
              <Link to={`/offermap/${listing.id}`} className="p-button p-component p-button-outlined link-as-button">
                <i className="pi pi-map" aria-hidden="true" />
                <span>Possible {counterpartyOf(user?.company_type)} Map</span>
              </Link>
              {editable ? (
                <Link to={`/additem/${listing.id}`} className="p-button p-component p-button-outlined link-as-button">
                  <i className="pi pi-pencil" aria-hidden="true" />
                  <span>Edit</span>
                </Link>
              ) : null}
            </div>
          }
        />
        <MarketTicker product={listing.product} />
        <ListingTabs listing={listing} extensions={extensions} />
      </>
    );
  }

  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      {content}
    </section>
  );
}
