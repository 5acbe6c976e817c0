// The menu's live figure: how many bids wait for the signed-in user ("Waiting for me"), re-read each minute and at
// once after the user acts on a bid. Shown beside the entry and, at phone width where the menu is folded away, on
// the menu button, so the work waiting is seen from every page.
import { awaitingText, useAwaitingCount } from '../features/bids/api/get-awaiting-count';

/** The count beside the menu entry: read as part of the link's name ("Waiting for me, 3 bids"). */
export function MenuCount({ enabled }: { enabled: boolean }) {
  const text = awaitingText(useAwaitingCount(enabled).data);
  if (text === null) return null;
  return (
    <span className={`menu-count${text === '0' ? ' is-zero' : ''}`}>
      <span className="visually-hidden">, </span>
      {text}
      <span className="visually-hidden"> {text === '1' ? 'bid' : 'bids'}</span>
    </span>
  );
}

/** The same figure on the folded menu's button, when anything waits. */
export function MenuButtonCount({ enabled }: { enabled: boolean }) {
  const text = awaitingText(useAwaitingCount(enabled).data);
  if (text === null || text === '0') return null;
  return (
    <span className="menu-count menu-button-count">
      {text}
      <span className="visually-hidden"> {text === '1' ? 'bid waits' : 'bids wait'} for you</span>
    </span>
  );
}
