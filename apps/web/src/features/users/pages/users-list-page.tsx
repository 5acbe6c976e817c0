// Users List (/userslist; spec 000 §2, §4, §8): the company's users, active or archived. Inactive users (no
// password yet) can be sent their credentials again; a user is archived or unarchived after a confirmation.
import type { UserRecord } from '@spirit/domain/users/users.schemas';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { errorText } from '../../../app/api-client';
import { DataList, Lines, type DataColumn } from '../../../ui/data-list';
import { RowActionButton, RowActionLink } from '../../../ui/row-action';
import { useToast } from '../../../ui/toast';
import { ToggleGroup } from '../../../ui/toggle-group';
import { useConfirm } from '../../../ui/use-confirm';
import { useListState } from '../../../ui/use-list-state';
import { useArchiveUser } from '../api/archive-user';
import { useAllUsers } from '../api/get-all-users';
import { useSendUserCredentials } from '../api/send-user-credentials';
import { useUnarchiveUser } from '../api/unarchive-user';

export const USER_PROMPTS = {
  sendCredentials: 'Are you sure you want to send user credentials?',
  sending: 'Sending user credentials...',
  sendCancelled: 'Sending credentials was cancelled',
  archive: 'Are you sure you want to Archive?',
  unarchive: 'Are you sure you want to UnArchive?',
  archiveCancelled: 'Archive operation cancelled',
  unarchiveCancelled: 'UnArchive operation cancelled',
} as const;

type View = 'active' | 'archived';
const VIEWS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
] as const;

export function UsersListPage() {
  const list = useListState();
  const view: View = list.filter('view') === 'archived' ? 'archived' : 'active';
  const me = useSession()?.user.id;
  const result = useAllUsers({ ...list.query, filters: { is_archived: view === 'archived' } });
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const archive = useArchiveUser();
  const unarchive = useUnarchiveUser();
  const credentials = useSendUserCredentials();
  const busy = archive.isPending || unarchive.isPending || credentials.isPending;

  const sendCredentials = async (user: UserRecord) => {
    if (!(await confirm(USER_PROMPTS.sendCredentials, 'Send credentials'))) {
      toast.show({ severity: 'warn', summary: 'Cancelled', detail: USER_PROMPTS.sendCancelled, life: 3000 });
      return;
    }
    toast.show({ severity: 'info', summary: 'Info', detail: USER_PROMPTS.sending });
    try {
      toast.success((await credentials.mutateAsync(user.id)).message);
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  const toggleArchive = async (user: UserRecord) => {
    const archiving = view === 'active';
    if (
      !(await confirm(archiving ? USER_PROMPTS.archive : USER_PROMPTS.unarchive, archiving ? 'Archive' : 'UnArchive'))
    ) {
      // No, Escape and the close icon say so, like the other confirmations.
      const detail = archiving ? USER_PROMPTS.archiveCancelled : USER_PROMPTS.unarchiveCancelled;
      toast.show({ severity: 'warn', summary: 'Cancelled', detail, life: 3000 });
      return;
    }
    try {
      const { message } = await (archiving ? archive : unarchive).mutateAsync(user.id);
      toast.success(message);
    } catch (error) {
      toast.failure(errorText(error));
    }
  };

  const columns: DataColumn<UserRecord>[] = [
    { key: 'name', header: 'Name', sortable: true, body: (u) => u.name },
    { key: 'distilleries', header: 'Distillery Name', body: (u) => <Lines items={u.distilleries} /> },
    { key: 'email', header: 'Email', className: 'email-cell', body: (u) => u.email },
    { key: 'phone', header: 'Phone No.', body: (u) => u.mobile_number },
    {
      key: 'roles',
      header: 'Role',
      body: (u) => <Lines items={u.roles.map((r) => (r === 'Authenticator' ? 'Authorizer' : r))} />,
    },
    {
      key: 'status',
      header: 'Status',
      body: (u) => (
        <span className={`user-status ${u.is_active ? 'is-active' : 'is-inactive'}`}>
          {u.is_active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (u) => (
        <div className="row-actions">
          {view === 'active' ? (
            <RowActionLink to={`/adduser/${u.id}`} icon="pi-pencil" label={`Edit ${u.name}`} />
          ) : null}
          {!u.is_active && view === 'active' ? (
            <RowActionButton
              icon="pi-envelope"
              label={`Send credentials to ${u.name}`}
              disabled={busy}
              onClick={() => void sendCredentials(u)}
            />
          ) : null}
          {/* Archiving yourself is refused by the server: not offered on your own row. */}
          {u.id === me ? null : (
            <RowActionButton
              icon={view === 'active' ? 'pi-user-minus' : 'pi-user-plus'}
              label={`${view === 'active' ? 'Archive' : 'Unarchive'} ${u.name}`}
              disabled={busy}
              onClick={() => void toggleArchive(u)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Users List</h1>
      <div className="card">
        <DataList
          label={view === 'archived' ? 'Archived users' : 'Active users'}
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search users', placeholder: 'Search by name, email or phone', clearable: true }}
          toolbar={
            <>
              <ToggleGroup
                label="Show"
                value={view}
                options={VIEWS}
                onChange={(next) => list.setFilters({ view: next === 'archived' ? 'archived' : '' })}
              />
              <Link to="/adduser" className="p-button p-component link-as-button">
                <i className="pi pi-plus" aria-hidden="true" />
                <span>New</span>
              </Link>
            </>
          }
        />
      </div>
      {dialog}
    </section>
  );
}
