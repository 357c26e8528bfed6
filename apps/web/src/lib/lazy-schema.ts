import type { ResponseSchema } from './http';

type Parsed<S> = S extends { parse(value: unknown): infer T } ? Awaited<T> : never;

/**
 * A response schema whose code loads with the first answer it checks, not with the page: zod and the
 * contract's schemas (~25 KB gzip, ~190 ms of evaluation at Lighthouse's 4× CPU on our hosts) stay out of
 * a screen's first load, whose answers the server inlined (P6). `load` imports a module of schemas (a
 * feature's `api/schemas.ts`); a failed load is tried again at the next answer.
 */
export function lazySchema<Module, Name extends keyof Module & string>(
  load: () => Promise<Module>,
  name: Name,
): ResponseSchema<Parsed<Module[Name]>> {
  let loading: Promise<Module> | undefined;
  return {
    async parse(value) {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      const schema = (await loading)[name] as ResponseSchema<Parsed<Module[Name]>>;
      return schema.parse(value);
    },
  };
}
