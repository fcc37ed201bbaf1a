import { afterAll, beforeEach } from 'vitest';
import { installFoundry, resetFoundry } from './fakes/foundry';
import { closeFileWindows } from './harness/windows';

// The one place where Foundry globals are faked for the whole suite (see test/fakes/foundry.ts).
installFoundry();
beforeEach(() => {
  resetFoundry();
});
// The harness's windows of tables opened in a file's hooks (test/harness/windows.ts).
afterAll(closeFileWindows);
