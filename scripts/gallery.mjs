// Visual gallery: renders every page of gallery/pages/*.ts and screenshots it with headless
// Chromium into artifacts/gallery/<lang>/<page>.png. Usage: npm run gallery
import { register } from 'tsx/esm/api';

register();
await import('../gallery/run.ts');
