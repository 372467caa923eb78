// Opens stores for one contract test at a time and closes them after each test.
import { afterEach } from "vitest";
import type { Store } from "../../src/storage/port.js";
import type { StoreFactory } from "../helpers/stores.js";

/** A factory that remembers what it opened; the stores close after every test of the calling describe. */
export function closingAfterEach(factory: StoreFactory): StoreFactory {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  return async (limits) => {
    const store = await factory(limits);
    opened.push(store);
    return store;
  };
}
