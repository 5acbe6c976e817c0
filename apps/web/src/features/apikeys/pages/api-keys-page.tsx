// API Keys (/apikeys; issue 25 part 5): the company Admin's keys for its ERP. Created in a dialog that shows the key
// once; listed without secrets; revoked after a confirmation (a revoked key is refused at its next call).
import { API_KEY_SCOPE_LABELS } from '@spirit/domain/apikeys/apikeys.constants';
import type { ApiKey } from '@spirit/domain/apikeys/apikeys.schemas';
import { useState } from 'react';
import { errorText } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatDateTime } from '../../../ui/format';
import { useToast } from '../../../ui/toast';
import { useConfirm } from '../../../ui/use-confirm';
import { useListState } from '../../../ui/use-list-state';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog';

export function ApiKeysPage() {
  const list = useListState({ sortKeys: ['name', 'created_at'], defaultSort: { key: 'created_at', order: 'desc' } });
  const result = useApiKeys(list.query as Parameters<typeof useApiKeys>[0]);
  const [creating, setCreating] = useState(false);
  const revoke = useRevokeApiKey();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const onRevoke = async (key: ApiKey) => {
    const yes = await confirm(
      `Revoke the API key "${key.name}"? Calls made with it will be refused at once. This cannot be undone.`,
      'Revoke API key',
      { accept: 'Revoke', reject: 'Cancel' },
    );
    if (!yes) return;
    revoke.mutate(key.id, {
      onSuccess: (res) => toast.success(res.message),
      onError: (error) => toast.failure(errorText(error)),
    });
  };

  const columns: DataColumn<ApiKey>[] = [
    { key: 'name', header: 'Name', sortable: true, sortKey: 'name', body: (k) => k.name },
    { key: 'hint', header: 'Key', body: (k) => <code>{k.hint}</code> },
    { key: 'scope', header: 'Scope', body: (k) => API_KEY_SCOPE_LABELS[k.scope] },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      sortKey: 'created_at',
      body: (k) => `${formatDateTime(k.created_at)} by ${k.created_by_name}`,
    },
    {
      key: 'used',
      header: 'Last Used',
      body: (k) => (k.last_used_at ? `${formatDateTime(k.last_used_at)} (${k.uses} calls)` : 'Never'),
    },
    {
      key: 'status',
      header: 'Status',
      body: (k) => (k.revoked_at ? `Revoked ${formatDateTime(k.revoked_at)}` : 'Active'),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (k) =>
        k.revoked_at ? null : (
          <Button
            label="Revoke"
            className="p-button-outlined p-button-danger p-button-sm"
            aria-label={`Revoke ${k.name}`}
            onClick={() => void onRevoke(k)}
          />
        ),
    },
  ];

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">API Keys</h1>
      <p className="page-intro">
        Keys let your company’s systems call the API as your company, within the key’s scope: reading listings and bids,
        or also creating listings. Send a key as <code>Authorization: Bearer sxk_…</code> or{' '}
        <code>X-API-Key: sxk_…</code>.
      </p>
      <div className="card">
        <DataList
          label="API keys"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search API keys', placeholder: 'Search by name' }}
          toolbar={<Button label="New" onClick={() => setCreating(true)} />}
        />
      </div>
      <CreateApiKeyDialog visible={creating} onClose={() => setCreating(false)} />
      {dialog}
    </section>
  );
}
