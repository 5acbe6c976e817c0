// The final approval's confirmation (issue 21, item 4): the approver whose approval completed the trade is told so
// at once, with the trade reference, and sent on to the trade's page (/biddetail/{id}, the after-trade issue's).
import { Dialog } from 'primereact/dialog';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { tradePath } from './trade-ref';

export type Traded = { id: number; reference: string };

export function TradedDialog({ traded, onClose }: { traded: Traded | null; onClose: () => void }) {
  return (
    <Dialog
      header="Trade confirmed"
      visible={traded !== null}
      onHide={onClose}
      className="bid-dialog traded-dialog"
      draggable={false}
    >
      {traded ? (
        <div className="traded-confirmation">
          <i className="pi pi-check-circle" aria-hidden="true" />
          <p>
            Your approval completed the trade. Both companies’ approval chains have signed it off and the quantity is
            committed on both listings.
          </p>
          <p className="traded-reference">
            Trade reference <strong>{traded.reference}</strong>
          </p>
          <div className="form-actions">
            <Link to={tradePath(traded)} className="p-button p-component link-as-button">
              Open the trade
            </Link>
            <Button label="Done" className="p-button-outlined" onClick={onClose} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
