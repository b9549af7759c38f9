import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { PushMessageMap } from '@hotline/contract';
import { applyPushMessage, type PushEffects } from '../src/features/push/apply-message';
import { deadlineNoticeItem, deadlineNoticeText } from '../src/features/push/deadline-notice';
import zhCN from '../src/i18n/zh-CN';

/** Deadline notices (issue 21): the push message reaches the effect; the text says what happened. */

const reminder: PushMessageMap['deadlineNotice'] = {
  kind: 'reminder',
  limit: 'handling',
  level: 0,
  orderId: 7,
  orderNum: 'ZJ20261001',
  title: '路灯不亮',
  dueAt: '2026-10-08T15:59:59.000Z',
  hoursBefore: 4,
};

describe('deadline notices', () => {
  it('applyPushMessage hands the notice (without its type) to the deadline effect only', () => {
    const got: unknown[] = [];
    const fx: PushEffects = {
      addBadge: () => expect.fail('no badge'),
      addNotice: () => expect.fail('not a queue notice'),
      alert: () => expect.fail('no queue alert'),
      resync: () => expect.fail('no resync'),
      deadlineNotice: (n) => got.push(n),
    };
    applyPushMessage({ type: 'deadlineNotice', ...reminder }, fx);
    expect(got).toEqual([reminder]);
  });

  it('texts: reminder, level 1, level 2', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'zh', resources: { zh: { translation: zhCN } } });
    const t = i18n.t.bind(i18n) as Parameters<typeof deadlineNoticeText>[1];
    expect(deadlineNoticeText(reminder, t)).toBe('工单 ZJ20261001 距办理时限还有 4 小时');
    const escalation = { ...reminder, kind: 'escalation' as const, level: 1, hoursBefore: 0 };
    expect(deadlineNoticeText({ ...escalation, limit: 'sign' }, t)).toBe(
      '工单 ZJ20261001 已超过签收时限，已升级',
    );
    expect(deadlineNoticeText({ ...escalation, level: 2 }, t)).toBe(
      '工单 ZJ20261001 超过办理时限仍未办结，已升级至区领导',
    );
    expect(deadlineNoticeItem(reminder, t)).toMatchObject({
      orderNum: 'ZJ20261001',
      assignId: 7,
      menuId: 'deadline',
    });
  });
});
