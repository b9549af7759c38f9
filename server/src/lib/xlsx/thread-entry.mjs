// Entry of the XLSX writer's worker thread: TypeScript loads through tsx. A worker does not
// inherit the loader hooks the server's own `--import tsx` registered, so the thread registers
// them itself (under the test runner too).
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
