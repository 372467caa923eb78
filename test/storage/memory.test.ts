// The storage contract against the embedded in-memory store.
import { runStorageContract } from "../contract/index.js";
import { memoryStoreFactory } from "../helpers/stores.js";

runStorageContract(memoryStoreFactory);
