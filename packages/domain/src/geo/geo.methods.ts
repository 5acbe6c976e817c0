// States and cities.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import { stateCitiesResultSchema } from './geo.schemas.js';

export const GEO_METHODS = {
  getStateCities: {
    body: emptySchema,
    data: stateCitiesResultSchema,
    access: METHOD_ACCESS.getStateCities,
    summary: 'Indian states and union territories with their cities',
  },
} as const satisfies Record<string, MethodSpec>;
