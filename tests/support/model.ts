import fc from "fast-check";

type Fields = { [key: string]: fc.Arbitrary<unknown> };
type Drawn<F extends Fields> = { [K in keyof F]: F[K] extends fc.Arbitrary<infer V> ? V : never };

/**
 * One kind of step of a model-based test, for `fc.oneof`: `{ type, ...fields }`, drawn `weight`
 * times as often as a kind of weight 1.
 */
export function stepOf<T extends string, F extends Fields>(weight: number, type: T, fields: F) {
  const arbitrary = fc.record({ type: fc.constant(type), ...fields }) as fc.Arbitrary<{ type: T } & Drawn<F>>;
  return { weight, arbitrary };
}

/** Applies each step to the app and to the model in turn, checking the one against the other after every step. */
export async function applyEachStep<S>(
  steps: readonly S[],
  apply: (step: S) => Promise<void>,
  check: () => Promise<void>,
) {
  for (const step of steps) {
    await apply(step);
    await check();
  }
}
