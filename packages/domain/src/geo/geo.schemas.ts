import { z } from 'zod';

export const stateCitiesSchema = z.object({ state: z.string(), cities: z.array(z.string()) });
export const stateCitiesResultSchema = z.array(stateCitiesSchema);
export type StateCities = z.infer<typeof stateCitiesSchema>;
