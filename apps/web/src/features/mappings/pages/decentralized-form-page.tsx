// De-centralized mapping form (/decentralized/edit, ?id=N to change an existing one).
import { MappingFormPage } from '../components/mapping-form-page';

export function DecentralizedFormPage() {
  return <MappingFormPage type="Decentralized" title="De-Centralized Mapping" />;
}
