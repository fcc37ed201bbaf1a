// Visual gallery: renders every page of gallery/pages/*.ts, screenshots it with the Chromium
// bundled in the npm dependencies into artifacts/gallery/<lang>/<page>.png and compares it with
// gallery/baseline/. Usage: npm run gallery; npm run gallery:update rewrites the baseline.
import { register } from 'tsx/esm/api';

register();
await import('../gallery/run.ts');
