// Platform Service Fee (/commissionlist; spec 000 §2): the service fee rates by company type, company and product.
import type { Fee } from '@spirit/domain/fees/fees.schemas';
import { Link } from 'react-router';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatDate, formatMoney, formatPercent } from '../../../ui/format';
import { useListState } from '../../../ui/use-list-state';
import { useAllCommission } from '../api/get-all-commission';

const columns: DataColumn<Fee>[] = [
  { key: 'type', header: 'Company Type', body: (f) => f.company_type },
  { key: 'company', header: 'Company Name', body: (f) => f.company_name ?? 'All companies' },
  { key: 'product', header: 'Product', body: (f) => f.product ?? 'All products' },
  {
    key: 'amount',
    header: 'Commission Amount',
    className: 'numeric-cell',
    body: (f) => formatMoney(f.commission_amount, 'NA'),
  },
  { key: 'sgst', header: 'State GST', className: 'numeric-cell', body: (f) => formatPercent(f.state_gst, 'NA') },
  { key: 'cgst', header: 'Central GST', className: 'numeric-cell', body: (f) => formatPercent(f.central_gst, 'NA') },
  { key: 'modified', header: 'Modified On', body: (f) => formatDate(f.modified_on, 'NA') },
  {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (f) => (
      <Link
        to={`/setcommission/${f.id}`}
        className="icon-button"
        aria-label={`Edit the rate for ${f.company_name ?? `all ${f.company_type}s`}, ${f.product ?? 'all products'}`}
        title="Edit"
      >
        <i className="pi pi-pencil" aria-hidden="true" />
      </Link>
    ),
  },
];

export function CommissionListPage() {
  const list = useListState();
  const result = useAllCommission(list.query);
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Platform Service Fee</h1>
      <p className="muted page-lead">
        Commission in rupees per litre, plus state and central GST on it. The most specific rate applies: company and
        product, then company, then company type and product, then company type.
      </p>
      <div className="card">
        <DataList
          label="Service fee rates"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search service fees', placeholder: 'Search by company or product' }}
          toolbar={
            <Link to="/setcommission" className="p-button p-component link-as-button">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>New</span>
            </Link>
          }
        />
      </div>
    </section>
  );
}
