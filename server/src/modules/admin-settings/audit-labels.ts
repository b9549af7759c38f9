import type { Lang } from '@hotline/domain';
import type { AuditAction } from '../audit';

/**
 * Names of the audit actions and the columns of the audit export, in both languages (the
 * console has its own copy under its i18n part `adminSettings`). An action the table does not
 * know (a row written by a newer node) shows as its code.
 */

export const AUDIT_ACTION_NAMES: Readonly<Record<AuditAction, Readonly<Record<Lang, string>>>> = {
  'login.success': { zh: '登录成功', en: 'signed in' },
  'login.failure': { zh: '登录失败', en: 'sign-in failed' },
  'password.change': { zh: '修改密码', en: 'password changed' },
  'user.create': { zh: '新建用户', en: 'user created' },
  'user.update': { zh: '修改用户', en: 'user changed' },
  'user.disable': { zh: '停用用户', en: 'user disabled' },
  'user.enable': { zh: '启用用户', en: 'user enabled' },
  'user.resetPassword': { zh: '重置密码', en: 'password reset' },
  'user.unlock': { zh: '解除账号锁定', en: 'account unlocked' },
  'user.endSession': { zh: '结束会话', en: 'session ended' },
  'user.import': { zh: '导入用户', en: 'users imported' },
  'unit.create': { zh: '新建单位', en: 'unit created' },
  'unit.update': { zh: '修改单位', en: 'unit changed' },
  'unit.move': { zh: '移动单位', en: 'unit moved' },
  'unit.disable': { zh: '停用单位', en: 'unit disabled' },
  'unit.enable': { zh: '启用单位', en: 'unit enabled' },
  'unit.delete': { zh: '删除单位', en: 'unit deleted' },
  'category.create': { zh: '新建问题分类', en: 'category created' },
  'category.update': { zh: '修改问题分类', en: 'category changed' },
  'category.move': { zh: '移动问题分类', en: 'category moved' },
  'category.disable': { zh: '停用问题分类', en: 'category disabled' },
  'category.enable': { zh: '启用问题分类', en: 'category enabled' },
  'role.create': { zh: '新建角色', en: 'role created' },
  'role.update': { zh: '修改角色', en: 'role changed' },
  'role.delete': { zh: '删除角色', en: 'role deleted' },
  'role.assign': { zh: '分配角色', en: 'roles assigned' },
  'config.change': { zh: '修改配置', en: 'setting changed' },
  'calendar.change': { zh: '修改工作日历', en: 'work calendar changed' },
  'key.create': { zh: '新建接入密钥', en: 'integration key created' },
  'key.revoke': { zh: '吊销接入密钥', en: 'integration key revoked' },
  'order.forceUnlock': { zh: '强制解锁工单', en: 'order lock broken' },
  'export.start': { zh: '导出', en: 'export' },
};

export function actionName(action: string, lang: Lang): string {
  const names = AUDIT_ACTION_NAMES as Readonly<Record<string, Readonly<Record<Lang, string>>>>;
  return Object.prototype.hasOwnProperty.call(names, action) ? names[action]![lang] : action;
}

export const AUDIT_COLUMNS = [
  { key: 'at', zh: '时间', en: 'time', type: 'datetime', width: 20 },
  { key: 'actorName', zh: '账号', en: 'account', type: 'text', width: 16 },
  { key: 'actorRealname', zh: '姓名', en: 'name', type: 'text', width: 12 },
  { key: 'ip', zh: 'IP 地址', en: 'address', type: 'text', width: 16 },
  { key: 'action', zh: '操作', en: 'action', type: 'text', width: 16 },
  { key: 'actionCode', zh: '操作代码', en: 'action code', type: 'text', width: 18 },
  { key: 'targetType', zh: '对象类型', en: 'target type', type: 'text', width: 14 },
  { key: 'targetId', zh: '对象编号', en: 'target id', type: 'text', width: 16 },
  { key: 'targetName', zh: '对象名称', en: 'target name', type: 'text', width: 24 },
  { key: 'detail', zh: '详情', en: 'detail', type: 'text', width: 60 },
] as const;

export const AUDIT_SHEET = { zh: '操作日志', en: 'Audit log' } as const;
export const AUDIT_FILE = { zh: '操作日志', en: 'audit-log' } as const;
