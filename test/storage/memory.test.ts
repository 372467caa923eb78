// The storage contract against the embedded in-memory store.
import { runStorageContract } from "../contract/index.js";
import { memoryElapse, memoryStoreFactory } from "../helpers/stores.js";

runStorageContract(memoryStoreFactory, { elapse: memoryElapse });
