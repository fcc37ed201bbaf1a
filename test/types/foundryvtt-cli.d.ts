// The official Foundry CLI ships no type declarations; these are the two calls the tests and the
// build use, as its README documents them.
declare module '@foundryvtt/foundryvtt-cli' {
  export interface PackOptions {
    log?: boolean;
    yaml?: boolean;
    nedb?: boolean;
  }
  export function compilePack(src: string, dest: string, options?: PackOptions): Promise<void>;
  export function extractPack(src: string, dest: string, options?: PackOptions): Promise<void>;
}
