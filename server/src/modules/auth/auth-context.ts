/** Who is calling: the shape is a core port (ports.ts), so the access hook needs no module. */
export type { AuthContext } from '../../ports';
