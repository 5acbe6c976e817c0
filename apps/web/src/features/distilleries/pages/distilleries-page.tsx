// Distilleries (/distilleries; spec 000 §2): the company's distilleries.
import type { Distillery } from '@spirit/domain/distilleries/distilleries.schemas';
import { Link } from 'react-router';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useAllDistill } from '../api/get-all-distill';

const columns: DataColumn<Distillery>[] = [
  { key: 'name', header: 'Name', sortable: true, body: (d) => d.name },
  { key: 'state', header: 'State', body: (d) => d.state },
  { key: 'license', header: 'License Number', body: (d) => d.license_number },
  { key: 'gst', header: 'GST Number', body: (d) => d.gst_number || 'N/A' },
  {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (d) => (
      <Link to={`/adddistillery/${d.id}`} className="icon-button" aria-label={`Edit ${d.name}`} title="Edit">
        <i className="pi pi-pencil" aria-hidden="true" />
      </Link>
    ),
  },
];

export function DistilleriesPage() {
  const list = useListState();
  const result = useAllDistill(list.query);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Distilleries</h1>
      <div className="card">
        <DataList
          label="Distilleries"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search distilleries', placeholder: 'Search by name, state or license number' }}
          toolbar={
            <Link to="/adddistillery" className="p-button p-component link-as-button">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>New</span>
            </Link>
          }
        />
      </div>
    </section>
  );
}
