// Service Fee detail (/editmycommission/{id}; spec 001 §2): the trade and the service fee of each side the caller
// may see, its invoices as PDFs, and for the SuperAdmin the correction form ("Add Commission").
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isSuperAdmin, useSession } from '../../../app/session';
import { InvoiceDownloads } from '../../../ui/invoice-downloads';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useBidCommissionById } from '../api/get-bid-commission-by-id';
import { SideFeeFacts, TradeFacts, visibleSides } from '../components/trade-fee-facts';
import { TradeFeeForm } from '../components/trade-fee-form';
import './trade-fee-pages.css';

const BACK = { to: '/mycommission', label: 'Back to the service fees' };

export function EditMyCommissionPage() {
  const id = routeId(useParams().id);
  const superAdmin = isSuperAdmin(useSession()?.user);
  const query = useBidCommissionById(typeof id === 'number' ? id : null);
  let content: ReactNode;
  if (typeof id !== 'number') content = <ErrorState message="Trade not found" back={BACK} />;
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError) content = <QueryError error={query.error} onRetry={() => void query.refetch()} back={BACK} />;
  else {
    const trade = query.data;
    content = (
      <>
        <div className="card">
          <TradeFacts trade={trade} />
        </div>
        <div className="fee-sides">
          {visibleSides(trade).map((side) => (
            <SideFeeFacts key={side} trade={trade} side={side} />
          ))}
        </div>
        <section className="card" aria-labelledby="invoices-title">
          <h2 id="invoices-title">Tax invoices</h2>
          <InvoiceDownloads invoices={trade.invoices} showSide={superAdmin} />
        </section>
        {superAdmin ? <TradeFeeForm key={trade.id} trade={trade} /> : null}
      </>
    );
  }
  return (
    <section className="page page-wide trade-fee-page" aria-labelledby="page-title">
      <h1 id="page-title">Service Fee Detail</h1>
      <p>
        <Link to="/mycommission">
          <i className="pi pi-arrow-left" aria-hidden="true" /> {BACK.label}
        </Link>
      </p>
      {content}
    </section>
  );
}
