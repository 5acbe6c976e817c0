// The bell's panel (notification-bell.tsx): the newest notifications, each linking to its bid (or listing) and
// marked read when followed, "Mark all read" and the settings page.
import { Link } from 'react-router';
import { errorText } from '../../../app/api-client';
import { formatDateTime } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/status-states';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';

const PANEL_SIZE = 10;

export function NotificationList({ onFollow }: { onFollow: () => void }) {
  const list = useNotifications({ page: 1, page_size: PANEL_SIZE, sort_by: 'newest' });
  const mark = useMarkNotificationsRead();
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  const records = list.data.records;
  const unread = records.some((n) => !n.read_at);
  return (
    <>
      <div className="notification-panel-actions">
        <button
          type="button"
          className="link-button"
          disabled={!unread || mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          Mark all read
        </button>
        <Link to="/notificationsettings" className="header-link" onClick={onFollow}>
          Settings
        </Link>
      </div>
      {records.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="notification-list" aria-label="Notifications, newest first">
          {records.map((n) => {
            const body = (
              <>
                <span className="notification-title">
                  {n.read_at ? null : <span className="visually-hidden">Unread: </span>}
                  {n.title}
                </span>
                <span className="notification-text">{n.text}</span>
                <time className="notification-time" dateTime={n.created_at}>
                  {formatDateTime(n.created_at)}
                </time>
              </>
            );
            const follow = () => {
              if (!n.read_at) mark.mutate({ id: n.id });
              onFollow();
            };
            return (
              <li key={n.id} className={n.read_at ? 'is-read' : 'is-unread'}>
                {n.link ? (
                  <Link to={n.link} onClick={follow}>
                    {body}
                  </Link>
                ) : (
                  <div>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.data.totalRecords > records.length ? (
        <p className="notification-more">
          Showing the newest {records.length} of {list.data.totalRecords}.
        </p>
      ) : null}
    </>
  );
}
