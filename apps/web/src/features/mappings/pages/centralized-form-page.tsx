// Centralized mapping form (/centralized/edit, ?id=N to change an existing one).
import { MappingFormPage } from '../components/mapping-form-page';

export function CentralizedFormPage() {
  return <MappingFormPage type="Centralized" title="Centralized Mapping" />;
}
