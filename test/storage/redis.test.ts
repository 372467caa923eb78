// The storage contract against a real redis-server, each store under its own key prefix.
import { runStorageContract } from "../contract/index.js";
import { redisElapse, redisStoreFactory } from "../helpers/stores.js";

runStorageContract(redisStoreFactory(), { elapse: redisElapse });
