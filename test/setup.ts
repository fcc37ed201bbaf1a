import { beforeEach } from 'vitest';
import { installFoundry, resetFoundry } from './fakes/foundry';

// The one place where Foundry globals are faked for the whole suite (see test/fakes/foundry.ts).
installFoundry();
beforeEach(() => {
  resetFoundry();
});
