// The bell in the top bar (issue 25 part 3): the unread count, re-read every 30 s, and a panel with the newest
// notifications, each linking to its bid (or listing), "Mark all read" and the settings page.
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../app/api-client';
import { formatDateTime } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/status-states';
import { useNotifications } from '../api/get-notifications';
import { unreadText, useUnreadCount } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import './notifications.css';

const PANEL_SIZE = 10;

function NotificationList({ onFollow }: { onFollow: () => void }) {
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

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const count = useUnreadCount(true);
  const text = unreadText(count.data);
  const unread = text !== null && text !== '0';
  return (
    <div
      className="notification-bell"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpen(false);
      }}
    >
      <button
        type="button"
        className="header-button"
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={unread ? `Notifications, ${text} unread` : 'Notifications'}
        onClick={() => {
          if (!open) void count.refetch();
          setOpen((value) => !value);
        }}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unread ? (
          <span className="menu-count menu-button-count" aria-hidden="true">
            {text}
          </span>
        ) : null}
      </button>
      {open ? (
        <div id="notification-panel" className="notification-panel" role="region" aria-label="Notifications">
          <NotificationList onFollow={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}
