// De-Centralized Mappings (/decentralized; spec 000 §2): one distillery each, with a negotiator, an authorizer
// and an approver.
import type { Mapping } from '@spirit/domain/mappings/mappings.schemas';
import { PAGE_SIZES } from '@spirit/domain/common/list.constants';
import { Link } from 'react-router';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { useListState } from '../../../ui/use-list-state';
import { useAllDistillGroup } from '../api/get-all-distill-group';
import { EditMappingLink, personColumns } from '../components/mapping-columns';

const distilleryName = (m: Mapping) => m.distilleries[0]?.name ?? m.name;

const columns: DataColumn<Mapping>[] = [
  { key: 'distillery', header: 'Distillery Name', body: distilleryName },
  ...personColumns,
  {
    key: 'action',
    header: 'Action',
    className: 'actions-cell',
    body: (m) => (
      <EditMappingLink to={`/decentralized/edit?id=${m.id}`} label={`Edit the mapping of ${distilleryName(m)}`} />
    ),
  },
];

export function DecentralizedPage() {
  const list = useListState({ pageSizes: PAGE_SIZES });
  const result = useAllDistillGroup({ ...list.query, type: 'Decentralized' });
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">De-Centralized Mappings</h1>
      <div className="card">
        <DataList
          label="De-centralized mappings"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search mappings', placeholder: 'Search by distillery' }}
          toolbar={
            <Link to="/decentralized/edit" className="p-button p-component link-as-button">
              <i className="pi pi-plus" aria-hidden="true" />
              <span>New</span>
            </Link>
          }
        />
      </div>
    </section>
  );
}
