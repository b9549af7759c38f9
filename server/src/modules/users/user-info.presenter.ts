import type { UserInfo } from '@hotline/contract';
import { isStreetFlag } from '@hotline/domain';
import type { AuthContext } from '../auth/auth-context';

/** The user-info reply of spec section 3 ("User profile"). */
export function presentUserInfo(auth: AuthContext): UserInfo {
  const { unit } = auth;
  const isStreet = isStreetFlag(unit.kind, unit.parentKind ?? undefined);
  const inCommunity = unit.kind === 'community' || unit.kind === 'village';
  const townid = isStreet === 0 ? 0 : inCommunity ? (unit.parentId ?? 0) : unit.id;
  return {
    username: auth.username,
    realname: auth.realname,
    avatar: auth.avatar,
    roles: auth.roles,
    permissions: auth.rules,
    info: {
      uid: auth.userId,
      orgid: unit.id,
      isStreet,
      publicid: unit.code,
      officeId: unit.id,
      officeName: unit.name,
      townid,
      unitKind: unit.kind,
      mobile: auth.mobile ?? '',
    },
    mustChangePassword: auth.mustChangePassword,
  };
}
