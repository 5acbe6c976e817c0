import type { z } from 'zod';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
};

/**
 * The field names a body schema reads, through the wrappers the contract uses (preprocess pipes, unions,
 * intersections, optional and default), so the fuzzer aims at real fields of every current and future method.
 */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const found = (() => {
    switch (def.type) {
      case 'object':
        return Object.keys(def.shape ?? {});
      case 'pipe':
        return [...fieldsOf(def.in), ...fieldsOf(def.out)];
      case 'union':
        return (def.options ?? []).flatMap(fieldsOf);
      case 'intersection':
        return [...fieldsOf(def.left), ...fieldsOf(def.right)];
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
        return fieldsOf(def.innerType);
      default:
        return [];
    }
  })();
  return [...new Set(found)];
}
