/**
 * The front door of src/foundry/security/: what files outside this folder may import.
 * Files inside the folder import each other directly, never this index.
 */

export {
  bool,
  id,
  int,
  json,
  MAX_REVISION,
  object,
  type ObjectOf,
  oneOf,
  optional,
  parsePayload,
  PayloadError,
  type Schema,
  tagged,
  token,
} from './payload';
export { checkUpdate, gmTask, holds, outsideGmQueue, serialise } from './writes';
export {
  creationRefusedToPlayer,
  isBindingEffect,
  refusedToPlayer,
  registerBindingEffectGuard,
  registerBindingStatuses,
} from './binding-effects';
export { bindingKeyRefused, registerBindingKeyGuard, registerBindingKeys } from './binding-keys';
export { record, recorded, hasRecord, isRestoring, registerGmRecord, restored, restoring } from './gm-record';
export { readGmClientSetting, registerGmClientSetting, type GmClientSetting } from './gm-client-setting';
