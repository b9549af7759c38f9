// Entry of a build worker thread (build-parallel.ts): a worker does not inherit the loader
// hooks that tsx registered in the main thread, so it registers them itself.
import { register } from 'tsx/esm/api';

register();
await import('./build-worker.ts');
