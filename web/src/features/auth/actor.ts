import { UNIT_KINDS, type Actor, type UnitKind } from '@hotline/domain';
import type { UserInfo } from '@hotline/contract';

/**
 * The signed-in user as the domain's actor, for the rules the console mirrors to shape what it
 * offers (which order sources a list has, say). The server decides for itself; this only keeps
 * the console from offering what it would refuse. `unitId` is the user's own unit (the server
 * takes a community's street; nothing here compares it).
 */
export function actorOf(user: UserInfo): Actor {
  const kind = user.info.unitKind;
  return {
    userId: user.info.uid,
    name: user.realname,
    unitId: user.info.townid || user.info.orgid,
    unitKind: (UNIT_KINDS as readonly string[]).includes(kind) ? (kind as UnitKind) : 'district',
    admin: user.roles.includes('admin'),
    rules: user.permissions,
  };
}
