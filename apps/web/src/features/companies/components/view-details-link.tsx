import { Link } from 'react-router';

/** 'View Details' of a company row, a link to its information page. */
export function ViewDetailsLink({ company }: { company: { id: number; name: string; registered_name: string } }) {
  return (
    <Link
      to={`/companyinfo/${company.id}`}
      className="p-button p-button-sm p-button-outlined p-component link-as-button"
      aria-label={`View Details of ${company.name || company.registered_name}`}
    >
      <i className="pi pi-eye" aria-hidden="true" />
      <span>View Details</span>
    </Link>
  );
}
