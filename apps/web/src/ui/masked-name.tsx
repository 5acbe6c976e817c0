// A counterparty's company name as the market shows it: four asterisks and its last two characters (spec 001 §9).
// The server masks it in every response until a trade is approved (DESIGN.md §4); a name that still arrives whole
// where it must be hidden is masked here too. Screen readers hear what the asterisks mean.
import { maskName } from '@spirit/domain/listings/listings.rules';

const MASK = '****';

export const isMasked = (name: string) => name.startsWith(MASK);

export function MaskedName({ name, reveal = false }: { name: string; reveal?: boolean }) {
  if (reveal) return <>{name}</>;
  const shown = isMasked(name) ? name : maskName(name);
  return (
    <span className="masked-name" title="Company name hidden until a trade is approved">
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">Company name hidden, ending in {shown.slice(MASK.length)}</span>
    </span>
  );
}
