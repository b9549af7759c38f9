import type { Acl, UnitKind } from '@hotline/domain';

/** Who is calling: resolved once per request from the bearer token. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  username: string;
  realname: string;
  mobile: string | null;
  avatar: string;
  unit: {
    id: number;
    kind: UnitKind;
    name: string;
    code: string;
    parentId: number | null;
    parentKind: UnitKind | null;
  };
  roles: string[];
  rules: string[];
  acl: Acl;
}
