/**
 * A schema built on its first use, otherwise the schema itself. `@home-energy/shared` is evaluated whole on every page
 * (the shell and each remote share one copy), and building all of its ~200 zod schemas there took ~30 ms of the boot's
 * main thread (zod makes an object, with its methods, per rule); a page uses a few of them. docs/performance.md
 * "Schemas built on first use".
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  // The target only stands in: every trap answers from the built schema (zod's methods are closures over it).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property its target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
