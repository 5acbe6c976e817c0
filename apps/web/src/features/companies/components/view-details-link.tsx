import { useHere } from '../../../ui/return-to';
import { RowActionLink } from '../../../ui/row-action';

/** 'View Details' of a company row: an icon link to its information page, named after the company. */
export function ViewDetailsLink({ company }: { company: { id: number; name: string; registered_name: string } }) {
  // The information page hands it on to the edit page, which returns to this list after an update.
  const here = useHere();
  return (
    <RowActionLink
      to={`/companyinfo/${company.id}`}
      icon="pi-eye"
      label={`View Details of ${company.name || company.registered_name}`}
      state={{ from: here }}
    />
  );
}
