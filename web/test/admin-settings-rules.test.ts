import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@hotline/contract';
import { QUEUES } from '@hotline/domain';
import { zh } from '../src/i18n/parts/admin-settings';
import { en } from '../src/i18n/parts/en/admin-settings';
import { VoicePlayer, type AudioLike } from '../src/features/push/voice';
import {
  detailLines,
  actionColor,
  isKnownAction,
} from '../src/features/admin-settings/audit-rules';
import {
  changedValues,
  fieldErrors,
  fieldSpec,
  isChanged,
  problemText,
  saveProblems,
  toControl,
  toText,
} from '../src/features/admin-settings/settings-rules';

const entry = (name: string, value: string, type = 'string', options: string[] = []) => ({
  name,
  value,
  type,
  options,
});

describe('settings forms', () => {
  it('types each key from the contract metadata, unknown keys from their own type', () => {
    expect(fieldSpec('jsjb', entry('website_name', 'x'))).toMatchObject({
      kind: 'text',
      section: 'site',
      max: 64,
      known: true,
    });
    expect(fieldSpec('jsjb', entry('limit_general_hours', '168', 'number'))).toMatchObject({
      kind: 'integer',
      section: 'limits',
      min: 1,
      unit: 'hours',
    });
    expect(fieldSpec('jsjb', entry('is_watermark', '0', 'switch')).kind).toBe('switch');
    expect(fieldSpec('jsjb', entry('overdue_warning_mode', '2days', 'select')).options).toEqual([
      'yesterday',
      '2days',
      '8hours',
    ]);
    expect(fieldSpec('jsjb', entry('is_has_ws_json', '{}', 'json')).kind).toBe('json');
    expect(fieldSpec('jsjb', entry('added_by_admin', '3', 'number'))).toMatchObject({
      kind: 'integer',
      section: 'other',
      known: false,
    });
  });

  it('turns stored text into control values and back', () => {
    expect(toControl('switch', '1')).toBe(true);
    expect(toText('switch', false)).toBe('0');
    expect(toControl('integer', '168')).toBe(168);
    expect(toText('integer', null)).toBe('');
    expect(toControl('json', '{"a":1}')).toBe('{\n  "a": 1\n}');
  });

  it('sends only what changed (JSON by content, text trimmed)', () => {
    const entries = [
      entry('website_name', 'Old'),
      entry('limit_general_hours', '168', 'number'),
      entry('is_has_ws_json', '{"a":1}', 'json'),
      entry('is_watermark', '0', 'switch'),
    ];
    const texts = {
      website_name: ' New ',
      limit_general_hours: '168',
      is_has_ws_json: '{\n  "a": 1\n}',
      is_watermark: '1',
    };
    expect(changedValues('jsjb', entries, texts)).toEqual({
      website_name: 'New',
      is_watermark: '1',
    });
    expect(isChanged('integer', '168', '0168')).toBe(false);
  });

  it('checks a save with the contract schemas and the login-method rule', () => {
    const entries = [
      entry('login_password', '1', 'switch'),
      entry('login_sms', '0', 'switch'),
      entry('login_sso', '0', 'switch'),
      entry('limit_general_hours', '168', 'number'),
    ];
    expect(saveProblems('jsjb', entries, { limit_general_hours: '0' })).toEqual([
      expect.objectContaining({ name: 'limit_general_hours', message: 'settings.integer' }),
    ]);
    expect(saveProblems('jsjb', entries, { login_password: '0' })).toEqual([
      expect.objectContaining({ name: 'login_password', message: 'settings.loginMethodRequired' }),
    ]);
    expect(saveProblems('jsjb', entries, { limit_general_hours: '72' })).toEqual([]);
  });

  it('words a problem for its own field (without repeating the field name)', () => {
    const [problem] = saveProblems('jsjb', [entry('limit_general_hours', '168', 'number')], {
      limit_general_hours: '0',
    });
    expect(problemText(problem!, 'zh')).toBe('须为 1 到 8760 之间的整数');
    expect(problemText(problem!, 'en')).toBe('must be a whole number from 1 to 8760');
  });

  it("puts the server's field messages on their fields", () => {
    const fields = ['website_name', 'limit_general_hours'];
    expect(
      fieldErrors(
        'limit_general_hours: 须为 1 到 8760 之间的整数; values.website_name: 太长',
        fields,
      ),
    ).toEqual({
      byField: { limit_general_hours: '须为 1 到 8760 之间的整数', website_name: '太长' },
      rest: [],
    });
    expect(fieldErrors('group: bad', fields)).toEqual({ byField: {}, rest: ['group: bad'] });
  });
});

describe('audit log', () => {
  it('reads changes as old → new and keeps the other keys', () => {
    expect(
      detailLines({
        changes: { website_name: ['A', 'B'], remark: { from: '', to: 'x' } },
        reason: 'away',
      }),
    ).toEqual([
      { kind: 'change', field: 'website_name', from: 'A', to: 'B' },
      { kind: 'change', field: 'remark', from: null, to: 'x' },
      { kind: 'value', field: 'reason', value: 'away' },
    ]);
    expect(detailLines({ changes: {} })).toEqual([]);
    // a setting change as the server writes it: one line, old → new, of the setting
    expect(
      detailLines({ group: 'jsjb', name: 'website_name', old: 'A', new: 'B', ids: [1, 2] }),
    ).toEqual([
      { kind: 'change', field: 'website_name', from: 'A', to: 'B' },
      { kind: 'value', field: 'ids', value: '1, 2' },
    ]);
    // a force unlock: the holder by name
    expect(detailLines({ holder: { id: 3, name: '王晓丽' }, reason: 'away' })).toEqual([
      { kind: 'value', field: 'holder', value: '王晓丽' },
      { kind: 'value', field: 'reason', value: 'away' },
    ]);
  });

  it('knows the actions and colours failures', () => {
    expect(isKnownAction('order.forceUnlock')).toBe(true);
    expect(isKnownAction('calendar.change')).toBe(true);
    expect(isKnownAction('something.else')).toBe(false);
    expect(actionColor('login.failure')).toBe('red');
    expect(actionColor('key.revoke')).toBe('orange');
  });

  it('names every action the server writes, in both languages', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(zh.audit.actions[action], action).toMatch(/\S/);
      expect(en.audit.actions[action], action).toMatch(/\S/);
    }
    expect(Object.keys(zh.audit.actions).sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe('voice alerts turned off for the site', () => {
  it('plays nothing while the site says no, and plays again once it allows', () => {
    const plays: string[] = [];
    const audio: AudioLike = {
      src: '',
      volume: 1,
      loop: false,
      paused: true,
      ended: false,
      onended: null,
      play() {
        plays.push(this.src);
        return Promise.resolve();
      },
      pause() {
        this.paused = true;
      },
    };
    let allowed = false;
    const player = new VoicePlayer(
      () => audio,
      () => undefined,
      '/',
      () => allowed,
    );
    const queue = QUEUES.find((q) => q.notice)!;
    const settings = { on: true, voice: 1 as const, volume: 80, loop: false, lists: [queue.id] };
    expect(player.alert(queue.id, settings)).toBe(false);
    expect(plays).toEqual([]);
    allowed = true;
    expect(player.alert(queue.id, settings)).toBe(true);
    expect(plays).toHaveLength(1);
  });
});
