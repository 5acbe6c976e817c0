// The state → city table comes from `country-state-city`, whose Indian lists mix towns with districts and divisions
// ("Bangalore Rural", "Dakshina Kannada", "Pune Division"), spell one town twice ("Ballari", "Ballary") and list a
// town under the wrong state (Goa's Canacona under Karnataka). The forms offer towns, so the list is cleaned here,
// in one place, for every state.

/** Entries that name a district, division or region, not a town. */
const NOT_A_TOWN = /\b(rural|urban|district|division)\b/i;
const NOT_TOWNS = new Set(['Dakshina Kannada', 'Uttar Kannada', 'Kodagu', 'North Goa', 'South Goa']);

/** Towns the library files under a state they are not in. */
const WRONG_STATE: Readonly<Record<string, readonly string[]>> = {
  Karnataka: ['Canacona'],
};

/** Spellings of one town that the sameness rule below does not catch, to the one kept. */
const ALIASES: Readonly<Record<string, string>> = {
  'Chik Ballapur': 'Chikkaballapur',
  'Dod Ballapur': 'Doddaballapur',
};

/** Where two spellings are one town, the official one is kept. */
const PREFERRED = new Set(['Ballari', 'Akkalkot', 'Kamareddy']);

/** Two spellings are the same town when they agree letter for letter, ignoring case, marks, spaces, hyphens,
 * doubled letters and y/i ("Ballary" ~ "Ballari", "Raj-Nandgaon" ~ "Raj Nandgaon"). */
export function townKey(name: string): string {
  return name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** A state's towns: trimmed, districts and strays dropped, one spelling per town, sorted. */
export function cleanCities(state: string, names: readonly string[]): string[] {
  const wrong = new Set(WRONG_STATE[state] ?? []);
  const kept = new Map<string, string>();
  for (const raw of names) {
    const name = ALIASES[raw.trim()] ?? raw.trim().replace(/[\s,.;]+$/, '');
    if (!name || NOT_A_TOWN.test(name) || NOT_TOWNS.has(name) || wrong.has(name)) continue;
    const key = townKey(name);
    const seen = kept.get(key);
    if (seen === undefined || (PREFERRED.has(name) && !PREFERRED.has(seen))) kept.set(key, name);
  }
  return [...kept.values()].sort((a, b) => a.localeCompare(b));
}
