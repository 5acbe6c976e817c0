// Indian states and union territories with their cities, from the maintained `country-state-city` package.
// Loaded on first use (the package holds every country) and kept: the table never changes while running.
import type { StateCities } from '@spirit/domain/geo/geo.schemas';
import { cleanCities } from './geo.cities.js';

let table: Promise<StateCities[]> | null = null;

async function load(): Promise<StateCities[]> {
  const { State, City } = await import('country-state-city');
  return State.getStatesOfCountry('IN')
    .map((s) => ({
      state: s.name,
      cities: cleanCities(
        s.name,
        City.getCitiesOfState('IN', s.isoCode).map((c) => c.name),
      ),
    }))
    .sort((a, b) => a.state.localeCompare(b.state));
}

export function stateCities(): Promise<StateCities[]> {
  table ??= load();
  return table;
}

export async function isKnownState(state: string): Promise<boolean> {
  return (await stateCities()).some((s) => s.state === state);
}

export async function isCityOfState(state: string, city: string): Promise<boolean> {
  return !!(await stateCities()).find((s) => s.state === state)?.cities.includes(city);
}
