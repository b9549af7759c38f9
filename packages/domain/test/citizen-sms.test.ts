import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_TEMPLATES,
  isMobileNumber,
  renderSms,
  SMS_EVENTS,
  smsEventOf,
} from '../src/citizen-sms';

describe('citizen text messages', () => {
  it('fills the known placeholders, keeps unknown braces, cuts a long reply', () => {
    expect(
      renderSms('工单 {orderNum}（{category}）{nope}', { orderNum: 'ZJ1', category: '路灯' }),
    ).toBe('工单 ZJ1（路灯）{nope}');
    expect(renderSms('{reply}', { reply: '长'.repeat(250) })).toBe(`${'长'.repeat(200)}…`);
    expect(renderSms('{date}{trackUrl}', {})).toBe('');
    for (const event of SMS_EVENTS) {
      expect(renderSms(DEFAULT_SMS_TEMPLATES[event], { orderNum: 'ZJ1' })).toContain('ZJ1');
    }
  });

  it('which step sends which message', () => {
    const open = { status: 1, huifangState: 0 };
    expect(smsEventOf('dispatch', open)).toBe('dispatched');
    expect(smsEventOf('approve_reply', { status: 91, huifangState: 2 })).toBe('answered');
    expect(smsEventOf('close', { status: 92, huifangState: 13 })).toBe('closed');
    expect(smsEventOf('visit', { status: 92, huifangState: 1 })).toBe('closed');
    expect(smsEventOf('visit', { status: 91, huifangState: 11 })).toBe('visit');
    expect(smsEventOf('visit', { status: 91, huifangState: 13 })).toBe('visit');
    for (const action of ['sign', 'host_sign', 'reply', 'lock', 'supervise', 'reject_reply']) {
      expect(smsEventOf(action, open)).toBeNull();
    }
  });

  it('only mainland mobile numbers get texts', () => {
    expect(isMobileNumber('13912345678')).toBe(true);
    expect(isMobileNumber('139 1234 5678')).toBe(true);
    expect(isMobileNumber('010-12345678')).toBe(false);
    expect(isMobileNumber('12912345678')).toBe(false);
    expect(isMobileNumber('')).toBe(false);
  });
});
