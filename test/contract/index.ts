// The storage contract suite: registers every contract test for one adapter's factory.
import { lessonStoreContract } from "./lesson-store.contract.js";
import { toolMemoryStoreContract } from "./tool-memory.contract.js";
import type { StoreFactory } from "../helpers/stores.js";

export function runStorageContract(factory: StoreFactory): void {
  lessonStoreContract(factory);
  toolMemoryStoreContract(factory);
}
