// The storage contract suite: registers every contract test for one adapter's factory.
import { activityStoreContract } from "./activity.contract.js";
import { fixEfficacyContract } from "./fix-efficacy.contract.js";
import { lessonStoreContract } from "./lesson-store.contract.js";
import { prefixListingsContract } from "./prefix-listings.contract.js";
import { rateCountStoreContract } from "./rate-counts.contract.js";
import { retentionContract } from "./retention.contract.js";
import { sessionSettingsContract } from "./session-settings.contract.js";
import { signatureKnowledgeStoreContract } from "./signature-knowledge.contract.js";
import { sharedToolStoreContract } from "./shared-tools.contract.js";
import { toolCapsContract } from "./tool-caps.contract.js";
import { toolMemoryStoreContract } from "./tool-memory.contract.js";
import type { StoreFactory } from "../helpers/stores.js";

export interface ContractOptions {
  /** Lets `ms` of time pass for the store (a fake clock jumps; Redis is waited for). */
  elapse: (ms: number) => Promise<void>;
}

export function runStorageContract(factory: StoreFactory, options: ContractOptions): void {
  lessonStoreContract(factory);
  signatureKnowledgeStoreContract(factory);
  toolMemoryStoreContract(factory);
  sessionSettingsContract(factory, options.elapse);
  sharedToolStoreContract(factory);
  toolCapsContract(factory);
  fixEfficacyContract(factory);
  rateCountStoreContract(factory);
  retentionContract(factory, options.elapse);
  activityStoreContract(factory, options.elapse);
  prefixListingsContract(factory, options.elapse);
}
