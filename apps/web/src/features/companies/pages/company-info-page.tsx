// Company Information (/companyinfo, /companyinfo/{id}; spec 000 §2, §4, §8). Without an id: the company of the
// signed-in user. Approve and Reject are offered while the company is Pending; the SuperAdmin also edits, deletes
// and restores it, each behind a confirmation.
import type { CompanyDetails } from '@spirit/domain/companies/companies.admin.schemas';
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../app/api-client';
import { isSuperAdmin, useSession } from '../../../app/session';
import { useReturnTo } from '../../../ui/return-to';
import { routeId } from '../../../ui/route-id';
import { ErrorState, LoadingState, QueryError } from '../../../ui/status-states';
import { useToast } from '../../../ui/toast';
import { useConfirm } from '../../../ui/use-confirm';
import { useCompanyDetails } from '../api/get-company-details';
import { useDeleteCompany } from '../api/delete-company';
import { useUndeleteCompany } from '../api/undelete-company';
import { useUpdateCompanyStatus } from '../api/update-company-status';
import { CompanyStatus } from '../components/company-status';
import { PanDocument } from '../components/pan-document';

export const COMPANY_PROMPTS = {
  delete: 'Are you sure you want to delete this company?',
  restore: 'Are you sure you want to restore this company?',
  deleted: 'Company deleted successfully',
  deleteFailed: 'Failed to delete company',
  deleteCancelled: 'Delete operation cancelled',
  restored: 'Company restored successfully',
  restoreFailed: 'Failed to restore company',
  restoreCancelled: 'Restore operation cancelled',
  accepted: 'You have accepted',
  rejected: 'You have rejected',
  approve: 'Are you sure you want to approve this company? Its admin will be mailed a link to set up the account.',
  reject: 'Are you sure you want to reject this company? It will be mailed that its registration was not approved.',
  rejectReason: 'Reason (optional, included in the mail)',
  approveCancelled: 'Approve operation cancelled',
  rejectCancelled: 'Reject operation cancelled',
} as const;

const NA = 'N/A';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function spiritsOf(company: CompanyDetails): string {
  const names = company.company_spirits.length
    ? company.company_spirits.map((s) => s.type_of_spirit)
    : company.type_of_spirits;
  return names.join(', ') || NA;
}

function Actions({ company }: { company: CompanyDetails }) {
  const superAdmin = isSuperAdmin(useSession()?.user);
  const from = useReturnTo('') || undefined;
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm, ask, dialog } = useConfirm();
  const review = useUpdateCompanyStatus();
  const remove = useDeleteCompany();
  const restore = useUndeleteCompany();
  const busy = review.isPending || remove.isPending || restore.isPending;
  const cancelled = (detail: string) => toast.show({ severity: 'warn', summary: 'Cancelled', detail, life: 3000 });

  // Both decisions mail the company and cannot be undone from here: each is confirmed first.
  const decide = async (status: 'Approved' | 'Rejected') => {
    let reason = '';
    if (status === 'Approved') {
      if (!(await confirm(COMPANY_PROMPTS.approve, 'Approve company')))
        return cancelled(COMPANY_PROMPTS.approveCancelled);
    } else {
      const answer = await ask(COMPANY_PROMPTS.reject, 'Reject company', COMPANY_PROMPTS.rejectReason, {
        accept: 'Reject company',
        reject: 'Cancel',
      });
      if (answer === null) return cancelled(COMPANY_PROMPTS.rejectCancelled);
      reason = answer;
    }
    try {
      await review.mutateAsync({ id: company.id, status, ...(reason ? { reason } : {}) });
      toast.show({
        severity: 'info',
        summary: status,
        detail: status === 'Approved' ? COMPANY_PROMPTS.accepted : COMPANY_PROMPTS.rejected,
      });
      navigate('/clients');
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  const onDelete = async () => {
    if (!(await confirm(COMPANY_PROMPTS.delete, 'Delete company'))) return cancelled(COMPANY_PROMPTS.deleteCancelled);
    try {
      await remove.mutateAsync(company.id);
      toast.success(COMPANY_PROMPTS.deleted);
    } catch {
      toast.failure(COMPANY_PROMPTS.deleteFailed);
    }
  };

  const onRestore = async () => {
    if (!(await confirm(COMPANY_PROMPTS.restore, 'Restore company')))
      return cancelled(COMPANY_PROMPTS.restoreCancelled);
    try {
      await restore.mutateAsync(company.id);
      toast.success(COMPANY_PROMPTS.restored);
    } catch {
      toast.failure(COMPANY_PROMPTS.restoreFailed);
    }
  };

  const pending = company.status === 'Pending';
  if (!pending && !superAdmin) return null;
  return (
    <div className="form-actions">
      {pending ? (
        <>
          <Button
            type="button"
            label="Approve"
            icon="pi pi-check"
            className="p-button-success-strong"
            loading={review.isPending && review.variables?.status === 'Approved'}
            disabled={busy}
            onClick={() => void decide('Approved')}
          />
          <Button
            type="button"
            label="Reject"
            icon="pi pi-times"
            className="p-button-danger-strong"
            loading={review.isPending && review.variables?.status === 'Rejected'}
            disabled={busy}
            onClick={() => void decide('Rejected')}
          />
        </>
      ) : null}
      {superAdmin ? (
        <>
          <Link
            to={`/companyedit/${company.id}`}
            state={from ? { from } : undefined}
            className="p-button p-component p-button-outlined link-as-button"
          >
            <i className="pi pi-pencil" aria-hidden="true" />
            <span>Edit</span>
          </Link>
          {company.status === 'Deleted' ? (
            <Button
              type="button"
              label="Restore"
              icon="pi pi-replay"
              outlined
              loading={restore.isPending}
              disabled={busy}
              onClick={() => void onRestore()}
            />
          ) : (
            <Button
              type="button"
              label="Delete"
              icon="pi pi-trash"
              className="p-button-danger-strong"
              loading={remove.isPending}
              disabled={busy}
              onClick={() => void onDelete()}
            />
          )}
        </>
      ) : null}
      {dialog}
    </div>
  );
}

export function CompanyInfoPage() {
  const id = routeId(useParams().id);
  // The SuperAdmin belongs to no company: /companyinfo alone has nothing to show them.
  const platform = isSuperAdmin(useSession()?.user) && id === undefined;
  const query = useCompanyDetails(id ?? undefined, id !== null && !platform);

  let content: ReactNode;
  if (id === null)
    content = <ErrorState message="Company not found" back={{ to: '/clients', label: 'Back to Clients' }} />;
  else if (platform)
    content = (
      <p className="card">
        Choose a company from <Link to="/clients">Clients</Link> or <Link to="/prospect">Prospects</Link> to see its
        information.
      </p>
    );
  else if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = (
      <QueryError
        error={query.error}
        onRetry={() => void query.refetch()}
        back={{ to: '/clients', label: 'Back to Clients' }}
      />
    );
  else {
    const c = query.data;
    const name = c.name || c.registered_name;
    content = (
      <>
        <div className="card">
          <h2 className="card-title">{name}</h2>
          <dl className="details">
            <Field label="Company Name" value={c.name || NA} />
            <Field label="Registered Name" value={c.registered_name || NA} />
            <Field label="Type" value={c.type} />
            <Field label="Email" value={c.email || NA} />
            <Field label="Mobile Number" value={c.mobile_number || NA} />
            <Field label="PAN Card Number" value={c.pan_no || NA} />
            <Field label="GST Number" value={c.gst_number || NA} />
            <Field label="License Number" value={c.license_number || NA} />
            <Field label="Status" value={c.status ? <CompanyStatus status={c.status} /> : NA} />
            <Field label="City" value={c.city || NA} />
            <Field label="State" value={c.state || NA} />
            <Field label="Pin Code" value={c.pin_code || NA} />
            <Field label="Company Spirit" value={spiritsOf(c)} />
            <Field label="Premium Client" value={c.is_bid_confidential ? 'Yes' : 'No'} />
            <Field label="Company Address" value={c.address || NA} />
          </dl>
          <Actions company={c} />
        </div>
        <div className="card">
          <h2 className="card-title">PAN Card</h2>
          <PanDocument fileUrl={c.license} companyName={name} />
        </div>
      </>
    );
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Company Information</h1>
      {content}
    </section>
  );
}
