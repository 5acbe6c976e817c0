// Prospects (/prospect; spec 000 §2): registrations awaiting review, oldest first. Notify mails the company.
import type { CompanyListItem } from '@spirit/domain/companies/companies.admin.schemas';
import { errorText } from '../../../app/api-client';
import { RowActionButton } from '../../../ui/row-action';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { useToast } from '../../../ui/toast';
import { useListState } from '../../../ui/use-list-state';
import { useAllCompany } from '../api/get-all-company';
import { useSendCompanyCreationNotification } from '../api/send-company-creation-notification';
import { CompanyStatus } from '../components/company-status';
import { ViewDetailsLink } from '../components/view-details-link';

export function ProspectsPage() {
  const list = useListState();
  // Oldest registration first: the list has no name sort, so the sort order of the URL is not used.
  const result = useAllCompany({
    ...list.query,
    sort_order: 'asc',
    search: { status: ['Pending'] },
    sort_by: 'created_at',
  });
  const notify = useSendCompanyCreationNotification();
  const toast = useToast();

  const send = async (company: CompanyListItem) => {
    try {
      const { message } = await notify.mutateAsync(company.id);
      toast.success(message);
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  const columns: DataColumn<CompanyListItem>[] = [
    { key: 'name', header: 'Name', body: (c) => c.name || c.registered_name },
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
          <RowActionButton
            icon="pi-bell"
            label={`Notify ${c.name || c.registered_name}`}
            busy={notify.isPending && notify.variables === c.id}
            disabled={notify.isPending}
            onClick={() => void send(c)}
          />
        </div>
      ),
    },
  ];

  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Prospects</h1>
      <p className="muted page-lead">Registrations awaiting review, oldest first.</p>
      <div className="card">
        <DataList
          label="Prospects"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search prospects', placeholder: 'Search by name, email, GST or PAN' }}
        />
      </div>
    </section>
  );
}
