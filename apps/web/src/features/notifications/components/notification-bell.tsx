// The bell in the top bar (issue 25 part 3): the unread count, re-read every 30 s, and a panel with the newest
// notifications, "Mark all read" and the settings page (notification-list.tsx). The signed-in shell carries the
// bell; the panel's code is fetched when it first opens.
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../../ui/status-states';
import { unreadText, useUnreadCount } from '../api/get-unread-count';
import './notifications.css';

const NotificationList = lazy(() => import('./notification-list').then((m) => ({ default: m.NotificationList })));

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
          <Suspense fallback={<LoadingState />}>
            <NotificationList onFollow={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
