// The form's cascade (spec 001 §4): a product gives the states where the caller negotiates for a distillery of
// the company, a state gives those distilleries. A value on record that the lists no longer hold stays shown.
import { useSpiritsAvailableStates } from '../api/get-spirits-available-states';
import { useStateWiseDistilleries } from '../api/get-all-state-wise-distill-for-user';

export type Choice = { value: string; label: string };

const byName = (a: string, b: string) => a.localeCompare(b, 'en-IN');

const withKept = (choices: Choice[], kept: Choice | null) =>
  kept && kept.value && !choices.some((c) => c.value === kept.value) ? [kept, ...choices] : choices;

export function useListingChoices(current: {
  product: string;
  state: string;
  /** Values of a listing being edited, kept in the lists. */
  kept?: { product: string; state: string; distillery_id: string; distillery_name: string } | undefined;
}) {
  const spirits = useSpiritsAvailableStates();
  const distilleries = useStateWiseDistilleries();
  const kept = current.kept;

  const productNames = Object.keys(spirits.data ?? {}).sort(byName);
  const statesOf = (product: string) => [...(spirits.data?.[product] ?? [])].sort(byName);
  const distilleriesOf = (state: string): Choice[] =>
    (distilleries.data?.[state] ?? []).map((d) => ({ value: String(d.distillery_id), label: d.distillery_name }));

  const same = (a: string, b: string | undefined) => b !== undefined && a === b;
  return {
    isPending: spirits.isPending || distilleries.isPending,
    error: spirits.error ?? distilleries.error,
    refetch: () => {
      void spirits.refetch();
      void distilleries.refetch();
    },
    products: withKept(
      productNames.map((p) => ({ value: p, label: p })),
      kept ? { value: kept.product, label: kept.product } : null,
    ),
    states: withKept(
      statesOf(current.product).map((s) => ({ value: s, label: s })),
      kept && same(current.product, kept.product) ? { value: kept.state, label: kept.state } : null,
    ),
    distilleries: withKept(
      distilleriesOf(current.state),
      kept && same(current.state, kept.state) ? { value: kept.distillery_id, label: kept.distillery_name } : null,
    ),
    statesOf,
    distilleriesOf,
  };
}
