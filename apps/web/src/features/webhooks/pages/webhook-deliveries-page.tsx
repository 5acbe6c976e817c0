// A webhook's delivery log (/webhooks/:id): newest first, each with its status, attempts, last answer and next
// attempt; any delivery can be sent again (a new delivery of the same event).
import type { Delivery } from '@spirit/domain/webhooks/webhooks.schemas';
import { WEBHOOK_MESSAGES } from '@spirit/domain/webhooks/webhooks.constants';
import { Link, useParams } from 'react-router';
import { errorText } from '../../../app/api-client';
import { Button } from '../../../ui/button';
import { DataList, type DataColumn } from '../../../ui/data-list';
import { formatDateTime } from '../../../ui/format';
import { routeId } from '../../../ui/route-id';
import { ErrorState } from '../../../ui/status-states';
import { useToast } from '../../../ui/toast';
import { useListState } from '../../../ui/use-list-state';
import { useDeliveries, useReplayDelivery } from '../api/webhooks';

export function WebhookDeliveriesPage() {
  const id = routeId(useParams().id);
  if (typeof id !== 'number')
    return <ErrorState message={WEBHOOK_MESSAGES.notFound} back={{ to: '/webhooks', label: 'Back to Webhooks' }} />;
  return <DeliveryLog webhookId={id} />;
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const list = useListState({ defaultSort: { key: 'created_at', order: 'desc' }, sortKeys: ['created_at'] });
  const result = useDeliveries({ ...list.query, webhook_id: webhookId } as Parameters<typeof useDeliveries>[0]);
  const replay = useReplayDelivery();
  const toast = useToast();

  const columns: DataColumn<Delivery>[] = [
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      sortKey: 'created_at',
      body: (d) => formatDateTime(d.created_at),
    },
    { key: 'event', header: 'Event', body: (d) => `${d.event_type} #${d.event_seq}` },
    { key: 'status', header: 'Status', body: (d) => d.status[0]!.toUpperCase() + d.status.slice(1) },
    { key: 'attempts', header: 'Attempts', body: (d) => d.attempts },
    {
      key: 'last',
      header: 'Last Answer',
      body: (d) => d.last_error ?? (d.last_status_code ? `HTTP ${d.last_status_code}` : '—'),
    },
    {
      key: 'next',
      header: 'Next Attempt',
      body: (d) =>
        d.delivered_at ? `Delivered ${formatDateTime(d.delivered_at)}` : formatDateTime(d.next_attempt_at, '—'),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'actions-cell',
      body: (d) => (
        <Button
          label="Replay"
          className="p-button-outlined p-button-sm"
          aria-label={`Replay delivery ${d.id}`}
          onClick={() =>
            replay.mutate(d.id, {
              onSuccess: (res) => toast.success(res.message),
              onError: (e) => toast.failure(errorText(e)),
            })
          }
        />
      ),
    },
  ];

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Webhook Deliveries</h1>
      <p>
        <Link to="/webhooks">Back to Webhooks</Link>
      </p>
      <div className="card">
        <DataList
          label="Deliveries"
          list={list}
          result={result}
          columns={columns}
          rowKey="id"
          search={{ label: 'Search deliveries', placeholder: 'Search by event type' }}
        />
      </div>
    </section>
  );
}
