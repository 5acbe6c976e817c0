// Values the build defines (vite.config.ts plugins).
interface ImportMetaEnv {
  /** A hash of assets/india-map.json (build/india-map.ts); absent in tests. */
  readonly VITE_INDIA_MAP_VERSION?: string;
}
