// Clients (/clients, /clients/{type}; spec 000 §2): approved companies, or rejected and deleted ones, optionally of
// one type. Resend Link mails a fresh set-password link to an approved company whose admin has not used theirs.
import { COMPANY_TYPES, type CompanyType } from '@spirit/domain/companies/companies.constants';
import type { CompanyListItem } from '@spirit/domain/companies/companies.admin.schemas';
import { useParams } from 'react-router';
import { errorText } from '../../../app/api-client';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { RowActionButton } from '../../../ui/row-action';
import { useToast } from '../../../ui/toast';
import { ToggleGroup } from '../../../ui/toggle-group';
import { useListState } from '../../../ui/use-list-state';
import { useAllCompany } from '../api/get-all-company';
import { useSendCompanyCreationNotification } from '../api/send-company-creation-notification';
import { CompanyStatus } from '../components/company-status';
import { ViewDetailsLink } from '../components/view-details-link';

type View = 'approved' | 'rejected';

const VIEWS = [
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected Only' },
] as const;

/** The route's type, matched loosely ('seller', 'Buyer'); anything else lists both types. */
export function companyTypeOf(raw: string | undefined): CompanyType | null {
  const lower = raw?.toLowerCase();
  return COMPANY_TYPES.find((type) => type.toLowerCase() === lower) ?? null;
}

export function ClientsPage() {
  const type = companyTypeOf(useParams().type);
  const list = useListState();
  const view: View = list.filter('view') === 'rejected' ? 'rejected' : 'approved';
  const result = useAllCompany({
    ...list.query,
    search: { type, status: view === 'rejected' ? ['Rejected', 'Deleted'] : ['Approved'] },
    sort_by: 'name',
  });
  const resend = useSendCompanyCreationNotification();
  const toast = useToast();

  const resendLink = async (company: CompanyListItem) => {
    try {
      const { message } = await resend.mutateAsync(company.id);
      toast.success(message);
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  const columns: DataColumn<CompanyListItem>[] = [
    { key: 'name', header: 'Name', sortable: true, body: (c) => c.name || c.registered_name },
    { key: 'gst', header: 'GST Number', body: (c) => c.gst_number },
    { key: 'pan', header: 'PAN Number', body: (c) => c.pan_no },
    { key: 'type', header: 'Type', body: (c) => c.type },
    { key: 'status', header: 'Status', body: (c) => <CompanyStatus status={c.status} /> },
    { key: 'email', header: 'Email', className: 'email-cell', body: (c) => c.email },
    { key: 'phone', header: 'Phone No.', body: (c) => c.mobile_number },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (c) => (
        <div className="row-actions">
          <ViewDetailsLink company={c} />
          {c.status === 'Approved' && c.admin_pending ? (
            <RowActionButton
              icon="pi-envelope"
              label={`Resend Link to ${c.name || c.registered_name}`}
              busy={resend.isPending && resend.variables === c.id}
              disabled={resend.isPending}
              onClick={() => void resendLink(c)}
            />
          ) : null}
        </div>
      ),
    },
  ];

  const scope = type ? `${type}s` : 'Sellers and Buyers';
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Clients</h1>
      <p className="muted page-lead">{scope}</p>
      <div className="card">
        <DataList
          label={`Clients: ${scope}, ${view === 'rejected' ? 'rejected only' : 'approved'}`}
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search clients', placeholder: 'Search by name, email, GST or PAN' }}
          toolbar={
            <ToggleGroup
              label="Show"
              value={view}
              options={VIEWS}
              onChange={(next) => list.setFilters({ view: next === 'rejected' ? 'rejected' : '' })}
            />
          }
        />
      </div>
    </section>
  );
}
