// PrimeReact's MultiSelect option list: each option's checkbox only mirrors its selection (the option is what the
// user picks, by pointer or by the combobox's arrow keys), so it is taken out of the focus and reading order; the
// scrolling list itself can take focus so it scrolls from the keyboard too. (The select-all box is off: PrimeReact
// nests a focusable input in an element with the checkbox role.)
export function multiSelectA11y(filterLabel: string) {
  return {
    checkbox: { input: { 'aria-hidden': true, tabIndex: -1, disabled: true } },
    filterInput: { 'aria-label': filterLabel },
    wrapper: { tabIndex: 0 },
  } as const;
}
