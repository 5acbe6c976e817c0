// My Service Fee (/mycommission; spec 001 §2): the approved trades of the caller's company with what its side owes
// the platform, tax included; the SuperAdmin ("Bid Service Fees") sees every trade and both sides. The server
// sends only the sides the caller may see; a total with a missing part shows 0 here (spec 001 §5).
import type { BidSide } from '@spirit/domain/bids/bids.constants';
import type { BidCommissionRecord } from '@spirit/domain/fees/trade-fees.schemas';
import { Link } from 'react-router';
import { isSuperAdmin, useSession } from '../../../app/session';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { useInvoiceDownload } from '../../../ui/invoice-downloads';
import { useListState } from '../../../ui/use-list-state';
import { useAllBidCommission } from '../api/get-all-bid-commission';

const SORT_KEYS = ['approved_on', 'product', 'trade_reference', 'price', 'quantity'] as const;
const NEWEST_FIRST = { key: 'approved_on', order: 'desc' } as const;
const LABEL = { buyer: 'Buyer', seller: 'Seller' } as const;

function InvoiceButton({ invoice }: { invoice: { id: number; number: string } | null | undefined }) {
  const { download, busy } = useInvoiceDownload();
  if (!invoice) return <span className="muted">Not issued</span>;
  return (
    <button
      type="button"
      className="icon-button"
      disabled={busy === invoice.id}
      aria-label={`Download invoice ${invoice.number} (PDF)`}
      title={`Download invoice ${invoice.number}`}
      onClick={() => void download(invoice)}
    >
      <i className="pi pi-download" aria-hidden="true" />
    </button>
  );
}

const sideColumns = (side: BidSide): DataColumn<BidCommissionRecord>[] => [
  {
    key: `${side}-distillery`,
    header: `${LABEL[side]} Distillery`,
    body: (r) => r[`${side}_distillery_name`] ?? '',
  },
  {
    key: `${side}-total`,
    header: `${LABEL[side]}'s Total (Inc Tax)`,
    className: 'numeric-cell',
    body: (r) => formatMoney(r[`${side}_total`] ?? '0'),
  },
];

function columnsFor(sides: readonly BidSide[], superAdmin: boolean): DataColumn<BidCommissionRecord>[] {
  return [
    { key: 'product', header: 'Product', sortKey: 'product', body: (r) => r.product },
    {
      key: 'reference',
      header: 'Trade Reference No',
      sortKey: 'trade_reference',
      body: (r) => r.trade_reference_number,
    },
    ...sides.flatMap((side) => sideColumns(side).slice(0, 1)),
    {
      key: 'price',
      header: 'Price',
      sortKey: 'price',
      className: 'numeric-cell',
      body: (r) => formatMoney(r.price),
    },
    {
      key: 'quantity',
      header: 'Quantity (B/L)',
      sortKey: 'quantity',
      className: 'numeric-cell',
      body: (r) => formatQuantity(r.quantity),
    },
    ...sides.flatMap((side) => sideColumns(side).slice(1)),
    ...sides.map((side): DataColumn<BidCommissionRecord> => ({
      key: `${side}-invoice`,
      header: sides.length > 1 ? `${LABEL[side]}'s Invoice` : 'Invoice',
      className: 'actions-cell',
      body: (r) => <InvoiceButton invoice={r[`${side}_invoice`]} />,
    })),
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (r) => (
        <Link
          to={`/editmycommission/${r.id}`}
          className="icon-button"
          aria-label={`${superAdmin ? 'Edit' : 'View'} the service fee of trade ${r.trade_reference_number}`}
          title={superAdmin ? 'Edit' : 'View'}
        >
          <i className={`pi ${superAdmin ? 'pi-pencil' : 'pi-eye'}`} aria-hidden="true" />
        </Link>
      ),
    },
  ];
}

export function MyCommissionPage() {
  const user = useSession()?.user;
  const superAdmin = isSuperAdmin(user);
  const sides: readonly BidSide[] = superAdmin
    ? ['buyer', 'seller']
    : [user?.company_type === 'Buyer' ? 'buyer' : 'seller'];
  const list = useListState({ sortKeys: SORT_KEYS, defaultSort: NEWEST_FIRST });
  const result = useAllBidCommission(list.query as Parameters<typeof useAllBidCommission>[0]);
  const title = superAdmin ? 'Bid Service Fees' : 'My Service Fee';
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="muted page-lead">
        The platform’s service fee on each approved trade: quantity × the rate, plus state and central GST on it.
      </p>
      <div className="card">
        <DataList
          label={title}
          list={list}
          result={result}
          columns={columnsFor(sides, superAdmin)}
          rowKey="id"
          search={{
            label: 'Search service fees',
            placeholder: 'Search by product, trade reference or distillery',
            clearable: true,
          }}
        />
      </div>
    </section>
  );
}
