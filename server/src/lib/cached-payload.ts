/**
 * What the read cache keeps of one payload, and how a signed-in reader's
 * own values are placed on a payload (see sendOverlaid in the read cache's
 * plugin).
 */

/**
 * Sets one reader's own value at a place of a public payload (the `key` of
 * `holder`), or records it: see sendOverlaid.
 */
export type Place = (holder: object, key: string, readerValue: unknown) => void;

/** The Place that sets the value on the object. */
export const setPlace: Place = (holder, key, readerValue) => {
  (holder as Record<string, unknown>)[key] = readerValue;
};

/**
 * A cached payload: the value, and its JSON made once on first use, kept
 * as the bytes sent (a string would be measured and encoded again on every
 * send).
 */
export class CachedPayload<V> {
  private serialized: Buffer | undefined;
  private derived: Map<string, unknown> | undefined;

  /**
   * `alone`: made for one reader and kept for nobody else (the cache is
   * off), so that reader's own values may be set on the value itself.
   * `askers`: how many asked for it together, where that is known (the
   * cache off: the askers of one turn); 1 where it is not.
   */
  constructor(
    readonly value: V,
    readonly alone = false,
    readonly askers = 1,
  ) {}

  /**
   * The payload as JSON, in UTF-8. `serialize` is the route's own response
   * serialisation (schema and all); it runs once per payload.
   */
  json(serialize: (value: V) => string): Buffer {
    this.serialized ??= Buffer.from(serialize(this.value));
    return this.serialized;
  }

  /** Something made from the payload once and kept with it under `name`. */
  derive<T>(name: string, make: () => T): T {
    this.derived ??= new Map();
    if (!this.derived.has(name)) this.derived.set(name, make());
    return this.derived.get(name) as T;
  }
}
