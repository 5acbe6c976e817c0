// The /ratings form (spec 001 "Ratings"): company type, from company and distillery, to company (of the opposite
// type) and distillery, source and stars; "Add Row" puts the row in the review table below. A company Admin rates
// from its own company, so its type and company are fixed; the SuperAdmin picks any.
import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import { COMPANY_TYPES, type CompanyType } from '@spirit/domain/companies/companies.constants';
import { RATING_SOURCES, type RatingSource } from '@spirit/domain/ratings/ratings.constants';
import { ratedType } from '@spirit/domain/ratings/ratings.rules';
import { useId, useState, type ReactNode } from 'react';
import { errorText } from '../../../app/api-client';
import { isSuperAdmin } from '../../../app/session';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { useCompanyNames } from '../api/get-all-company-name';
import { useDistilleryNames } from '../api/get-distill-name-by-company-id';
import type { ReviewRow } from './review-row';
import { StarInput } from './star-input';

type Option = { id: number; name: string };
type Query = { data: Option[] | undefined; isPending: boolean; isError: boolean; error: unknown };

const asId = (raw: string) => (raw ? Number(raw) : null);

/** A picker of ids and names with its loading, failed and empty states in place of options. */
function Picker(props: {
  id: string;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  query: Query;
  waitingFor: string | null;
  disabled?: boolean;
}) {
  const { query, waitingFor } = props;
  const placeholder: ReactNode = waitingFor
    ? `Select ${waitingFor} first`
    : query.isPending
      ? 'Loading…'
      : query.isError
        ? 'Could not load'
        : query.data?.length
          ? `Select ${props.label.toLowerCase()}`
          : 'No Data Found';
  return (
    <FormField
      id={props.id}
      label={props.label}
      required
      error={query.isError && !waitingFor ? errorText(query.error) : undefined}
    >
      {(a11y) => (
        <select
          {...a11y}
          value={props.value ?? ''}
          disabled={props.disabled || !!waitingFor || !query.data?.length}
          onChange={(event) => props.onChange(asId(event.target.value))}
          className={inputClass(false, 'native-select')}
        >
          <option value="">{placeholder}</option>
          {(waitingFor ? [] : (query.data ?? [])).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

const nameIn = (query: Query, id: number | null) => query.data?.find((o) => o.id === id)?.name ?? '';

export function RatingRowForm({ user, onAdd }: { user: SessionUser; onAdd: (row: Omit<ReviewRow, 'key'>) => void }) {
  const superAdmin = isSuperAdmin(user);
  const starsLabel = useId();
  const [type, setType] = useState<CompanyType | null>(superAdmin ? null : user.company_type);
  const [fromCompany, setFromCompany] = useState<number | null>(superAdmin ? null : user.company_id);
  const [fromDistillery, setFromDistillery] = useState<number | null>(null);
  const [toCompany, setToCompany] = useState<number | null>(null);
  const [toDistillery, setToDistillery] = useState<number | null>(null);
  const [source, setSource] = useState<RatingSource>('New');
  const [rating, setRating] = useState<number | null>(null);

  const fromCompanies = useCompanyNames(type);
  const toCompanies = useCompanyNames(type ? ratedType(type) : null);
  const fromDistilleries = useDistilleryNames(fromCompany);
  const toDistilleries = useDistilleryNames(toCompany);
  const complete = !!(type && fromCompany && fromDistillery && toCompany && toDistillery && rating);

  const add = () => {
    if (!complete) return;
    onAdd({
      from_company_id: fromCompany,
      from_company_name: nameIn(fromCompanies, fromCompany) || (user.company_name ?? ''),
      from_distillery_id: fromDistillery,
      from_distillery_name: nameIn(fromDistilleries, fromDistillery),
      company_id: toCompany,
      to_company_name: nameIn(toCompanies, toCompany),
      to_distillery_id: toDistillery,
      to_distillery_name: nameIn(toDistilleries, toDistillery),
      source,
      rating,
    });
    // The next row is most often another distillery rated from the same one.
    setToDistillery(null);
    setRating(null);
  };

  return (
    <form
      className="card rating-form"
      noValidate
      aria-label="New rating row"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <div className="rating-form-grid">
        <FormField id="rating-type" label="Company Type" required>
          {(a11y) => (
            <select
              {...a11y}
              value={type ?? ''}
              disabled={!superAdmin}
              onChange={(event) => {
                setType((event.target.value || null) as CompanyType | null);
                setFromCompany(null);
                setFromDistillery(null);
                setToCompany(null);
                setToDistillery(null);
              }}
              className={inputClass(false, 'native-select')}
            >
              <option value="">Select type</option>
              {COMPANY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Picker
          id="rating-from-company"
          label="From Company"
          value={fromCompany}
          query={fromCompanies}
          waitingFor={type ? null : 'a company type'}
          disabled={!superAdmin}
          onChange={(id) => {
            setFromCompany(id);
            setFromDistillery(null);
          }}
        />
        <Picker
          id="rating-from-distillery"
          label="From Distillery"
          value={fromDistillery}
          query={fromDistilleries}
          waitingFor={fromCompany ? null : 'a company'}
          onChange={setFromDistillery}
        />
        <Picker
          id="rating-to-company"
          label="To Company"
          value={toCompany}
          query={toCompanies}
          waitingFor={type ? null : 'a company type'}
          onChange={(id) => {
            setToCompany(id);
            setToDistillery(null);
          }}
        />
        <Picker
          id="rating-to-distillery"
          label="To Distillery"
          value={toDistillery}
          query={toDistilleries}
          waitingFor={toCompany ? null : 'a company'}
          onChange={setToDistillery}
        />
        <FormField id="rating-source" label="Source" required>
          {(a11y) => (
            <select
              {...a11y}
              value={source}
              onChange={(event) => setSource(event.target.value as RatingSource)}
              className={inputClass(false, 'native-select')}
            >
              {RATING_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="field">
          <div className="field-label">
            <span id={starsLabel}>Rating</span>
            <span className="required-mark" aria-hidden="true">
              *
            </span>
          </div>
          <StarInput labelledBy={starsLabel} value={rating} onChange={setRating} />
        </div>
      </div>
      <div className="form-actions">
        <Button type="submit" label="Add Row" disabled={!complete} />
      </div>
    </form>
  );
}
