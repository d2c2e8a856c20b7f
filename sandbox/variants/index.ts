// Spec-variation mode: a peer that disagrees with our own choices wherever the spec allows.
export {
  VariantSwitches,
  parseVariantList,
  VARIANT_FLAG_NAMES,
  type Variants,
  type VariantsInput,
} from './switches'
export { reshape } from './reshape'
export { CommitLagTracker } from './commitLag'
export { LateReplies } from './lateReplies'
