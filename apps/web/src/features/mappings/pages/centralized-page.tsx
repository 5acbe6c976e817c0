// Centralized Mappings (/centralized; spec 000 §2): named groups of distilleries, each with a negotiator, an
// authorizer and an approver.
import type { Mapping } from '@spirit/domain/mappings/mappings.schemas';
import { Link } from 'react-router';
import { DataList, Lines, type DataColumn } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useAllDistillGroup } from '../api/get-all-distill-group';
import { EditMappingLink, MAPPING_PAGE_SIZES, personColumns } from '../components/mapping-columns';

const columns: DataColumn<Mapping>[] = [
  { key: 'name', header: 'Group Name', sortable: true, body: (m) => m.name },
  { key: 'distilleries', header: 'Distilleries', body: (m) => <Lines items={m.distilleries.map((d) => d.name)} /> },
  ...personColumns,
  {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (m) => <EditMappingLink to={`/centralized/edit?id=${m.id}`} label={`Edit ${m.name}`} />,
  },
];

export function CentralizedPage() {
  const list = useListState({ pageSizes: MAPPING_PAGE_SIZES });
  const result = useAllDistillGroup({ ...list.query, type: 'Centralized' });
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Centralized Mappings</h1>
      <div className="card">
        <DataList
          label="Centralized mappings"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search mappings', placeholder: 'Search by group name' }}
          toolbar={
            <Link to="/centralized/edit" className="p-button p-component link-as-button">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>New</span>
            </Link>
          }
        />
      </div>
    </section>
  );
}
