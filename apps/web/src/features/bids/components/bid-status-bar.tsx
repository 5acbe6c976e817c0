// The top of the bid page (issue 21, items 10 and 14): whose move it is in one line ("Your turn: accept or
// counter", "Waiting for the seller's Authorizer", "Traded — TR-…"), the time left, and only the actions the caller
// can take now. On a phone it stays at the top of the screen while the page scrolls, so the first action is never
// a long scroll away.
import type { BidDetail } from '@spirit/domain/bids/bids.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { statusLine, timeLeft } from './bid-turn';
import { tradePath } from './trade-ref';

const ICONS = { turn: 'pi-arrow-circle-right', waiting: 'pi-clock', traded: 'pi-check-circle', closed: 'pi-ban' };

export function BidStatusBar({ bid, actions }: { bid: BidDetail; actions?: ReactNode }) {
  const now = Date.now();
  const line = statusLine(bid, now);
  const open = line.tone === 'turn' || line.tone === 'waiting';
  return (
    <section className={`card bid-status-bar bid-status-${line.tone}`} aria-labelledby="bid-status-title">
      <h2 id="bid-status-title" className="visually-hidden">
        Status
      </h2>
      <div className="bid-status-line">
        <i className={`pi ${ICONS[line.tone]}`} aria-hidden="true" />
        <div>
          <p className="bid-status-text">{line.text}</p>
          {line.detail ? <p className="bid-status-detail">{line.detail}</p> : null}
          {open ? (
            <p className="bid-status-detail">
              {timeLeft(bid.valid_until, now)} · valid until {formatDateTime(bid.valid_until)}
            </p>
          ) : null}
          {line.tone === 'traded' ? (
            <p className="bid-status-detail">
              <Link to={tradePath(bid)}>Open the trade’s page</Link>
            </p>
          ) : null}
        </div>
      </div>
      {actions ? <div className="form-actions bid-status-actions">{actions}</div> : null}
    </section>
  );
}
