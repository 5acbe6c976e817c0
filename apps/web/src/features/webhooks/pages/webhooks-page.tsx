// Webhooks (/webhooks; issue 25 part 5): the company Admin's subscriptions. New in a dialog (the signing secret shown
// once), turned off and on, deleted after a confirmation; each links to its delivery log.
import { WEBHOOK_EVENT_LABELS } from '@spirit/domain/webhooks/webhooks.constants';
import type { EventType } from '@spirit/domain/events/events.constants';
import type { Webhook } from '@spirit/domain/webhooks/webhooks.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatDateTime } from '../../../ui/format';
import { useToast } from '../../../ui/toast';
import { useConfirm } from '../../../ui/use-confirm';
import { useListState } from '../../../ui/use-list-state';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from '../api/webhooks';
import { CreateWebhookDialog } from '../components/create-webhook-dialog';

export function WebhooksPage() {
  const list = useListState({ sortKeys: ['url', 'created_at'], defaultSort: { key: 'created_at', order: 'desc' } });
  const result = useWebhooks(list.query as Parameters<typeof useWebhooks>[0]);
  const [creating, setCreating] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();
  const done = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (e: Error) => toast.failure(errorText(e)),
  };

  const onDelete = async (w: Webhook) => {
    const yes = await confirm(`Delete the webhook to ${w.url} and its delivery log?`, 'Delete webhook', {
      accept: 'Delete',
      reject: 'Cancel',
    });
    if (yes) remove.mutate(w.id, done);
  };

  const columns: DataColumn<Webhook>[] = [
    { key: 'url', header: 'URL', sortable: true, sortKey: 'url', body: (w) => <code>{w.url}</code> },
    {
      key: 'events',
      header: 'Events',
      body: (w) => w.event_types.map((t) => WEBHOOK_EVENT_LABELS[t as EventType] ?? t).join(', '),
    },
    { key: 'status', header: 'Status', body: (w) => (w.is_active ? 'On' : 'Off') },
    { key: 'queue', header: 'Pending / Failed', body: (w) => `${w.pending} / ${w.failed}` },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      sortKey: 'created_at',
      body: (w) => formatDateTime(w.created_at),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (w) => (
        <div className="row-actions">
          <Link
            to={`/webhooks/${w.id}`}
            className="icon-button"
            aria-label={`Delivery log of ${w.url}`}
            title="Delivery log"
          >
            <i className="pi pi-list" aria-hidden="true" />
          </Link>
          <Button
            label={w.is_active ? 'Turn off' : 'Turn on'}
            className="p-button-outlined p-button-sm"
            aria-label={`${w.is_active ? 'Turn off' : 'Turn on'} ${w.url}`}
            onClick={() => update.mutate({ id: w.id, is_active: !w.is_active }, done)}
          />
          <Button
            label="Delete"
            className="p-button-outlined p-button-danger p-button-sm"
            aria-label={`Delete ${w.url}`}
            onClick={() => void onDelete(w)}
          />
        </div>
      ),
    },
  ];

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Webhooks</h1>
      <p className="page-intro">
        Your systems hear of market events your company may see by signed HTTPS POSTs; a failed delivery is retried for
        24 hours.
      </p>
      <div className="card">
        <DataList
          label="Webhooks"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search webhooks', placeholder: 'Search by URL' }}
          toolbar={<Button label="New" onClick={() => setCreating(true)} />}
        />
      </div>
      <CreateWebhookDialog visible={creating} onClose={() => setCreating(false)} />
      {dialog}
    </section>
  );
}
