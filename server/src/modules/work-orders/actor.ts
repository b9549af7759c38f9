import type { Actor } from '@hotline/domain';
import type { AuthContext } from '../auth/auth-context';

/**
 * The domain's view of the caller. A handler in a community or village acts for the street
 * or town above it: orders are hosted by streets, towns and departments.
 */
export function actorFrom(auth: AuthContext): Actor {
  const { unit } = auth;
  const inCommunity = unit.kind === 'community' || unit.kind === 'village';
  return {
    userId: auth.userId,
    name: auth.realname,
    unitId: inCommunity && unit.parentId !== null ? unit.parentId : unit.id,
    unitKind: inCommunity && unit.parentKind ? unit.parentKind : unit.kind,
    admin: auth.acl.admin,
    rules: auth.rules,
  };
}
