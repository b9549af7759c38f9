import { describe, expect, it } from 'vitest';
import {
  SETTING_META,
  SETTING_SCHEMAS,
  settingMeta,
  settingProblem,
  settingSchema,
  settingsProblems,
} from '@hotline/contract';
import { MESSAGES, translate } from '@hotline/domain';

/** The contract's settings catalogue as the console uses it (pure: no server, no database). */

describe('SETTING_SCHEMAS', () => {
  it('every key has metadata and a schema; every message key has both languages', () => {
    for (const [group, metas] of Object.entries(SETTING_META)) {
      for (const name of Object.keys(metas)) {
        expect(settingMeta(group, name), `${group}.${name}`).toBeDefined();
        expect(settingSchema(group, name), `${group}.${name}`).toBeDefined();
      }
    }
    for (const key of [
      'settings.switch',
      'settings.integer',
      'settings.option',
      'settings.length',
      'settings.path',
      'settings.jsonObject',
      'settings.hoursList',
      'settings.loginMethodRequired',
    ] as const) {
      expect(MESSAGES[key].zh.length * MESSAGES[key].en.length).toBeGreaterThan(0);
    }
    expect(settingMeta('jsjb', 'no_such')).toBeUndefined();
    expect(settingMeta('other', 'website_name')).toBeUndefined();
    expect(settingMeta('jsjb', 'toString')).toBeUndefined();
  });

  it('outputs the text to store: trimmed, integers without leading zeros', () => {
    expect(SETTING_SCHEMAS.jsjb.website_name.parse('  名称 ')).toBe('名称');
    expect(SETTING_SCHEMAS.jsjb.limit_general_hours.parse(' 0072 ')).toBe('72');
    expect(SETTING_SCHEMAS.jsjb.is_has_ws_json.parse(' {"a":1} ')).toBe('{"a":1}');
    expect(SETTING_SCHEMAS.security.password_classes.safeParse('4').success).toBe(true);
  });

  it.each([
    ['jsjb', 'is_waihu', '1', true],
    ['jsjb', 'is_waihu', 'true', false],
    ['jsjb', 'refuse_sign_hours', '8760', true],
    ['jsjb', 'refuse_sign_hours', '8761', false],
    ['jsjb', 'refuse_sign_hours', '1e3', false],
    ['jsjb', 'refuse_sign_hours', '+5', false],
    ['jsjb', 'overdue_warning_mode', '8hours', true],
    ['jsjb', 'assessment_period_day', '28', true],
    ['jsjb', 'upload_max_mb', '1', true],
    ['jsjb', 'is_has_ws_json', 'null', false],
    ['jsjb', 'is_has_ws_json', '{}', true],
    ['jsjb', 'login_path', '/sso/login', true],
    ['jsjb', 'login_path', `/${'a'.repeat(100)}`, false],
    ['security', 'password_min_length', '6', true],
    ['system', 'telephony_provider', 'x'.repeat(33), false],
    // reminders: hours before a limit, comma-separated; what the planner would drop is refused
    ['jsjb', 'remind_handling_hours', '24,4', true],
    ['jsjb', 'remind_handling_hours', ' 24， 4 ', true],
    ['jsjb', 'remind_handling_hours', '', true],
    ['jsjb', 'remind_sign_hours', '1.5', true],
    ['jsjb', 'remind_sign_hours', '23.999', true],
    ['jsjb', 'remind_sign_hours', '1.2345', false],
    ['jsjb', 'remind_sign_hours', '8760', true],
    ['jsjb', 'remind_handling_hours', '24;4 小时', false],
    ['jsjb', 'remind_handling_hours', 'abc', false],
    ['jsjb', 'remind_handling_hours', '-1', false],
    ['jsjb', 'remind_handling_hours', '0', false],
    ['jsjb', 'remind_handling_hours', '99999', false],
    ['jsjb', 'remind_sign_hours', '24,,4', false],
    ['jsjb', 'remind_sign_hours', '1,2,3,4,5,6,7', false],
  ] as const)('%s.%s = %j → %s', (group, name, value, ok) => {
    expect(settingProblem(group, name, value) === null).toBe(ok);
  });

  it('a problem carries its message key and the parameters from the metadata', () => {
    const p = settingProblem('jsjb', 'assessment_period_day', '29')!;
    expect(p).toEqual({
      name: 'assessment_period_day',
      message: 'settings.integer',
      params: { min: 1, max: 28 },
    });
    expect(translate(p.message, 'zh', { ...p.params, field: p.name })).toBe(
      'assessment_period_day: 须为 1 到 28 之间的整数',
    );
    expect(settingProblem('jsjb', 'overdue_warning_mode', 'x')!.params).toEqual({
      options: 'yesterday, 2days, 8hours',
    });
  });

  it('a reminder list it cannot read says what it wants, in both languages', () => {
    const p = settingProblem('jsjb', 'remind_handling_hours', '24;4 小时')!;
    expect(p.message).toBe('settings.hoursList');
    expect(translate(p.message, 'zh', { ...p.params, field: p.name })).toBe(
      'remind_handling_hours: 须为逗号分隔的小时数（每个大于 0、不超过 8760，最多 6 个，如 24,4），留空表示不提醒',
    );
    expect(translate(p.message, 'en', { ...p.params, field: p.name })).toMatch(
      /^remind_handling_hours: hours before the limit, comma-separated/,
    );
  });

  it("settingsProblems: the form's values, then the login rule (only when a login switch is in them)", () => {
    expect(
      settingsProblems('jsjb', { website_name: '', is_waihu: '3' }).map((p) => p.name),
    ).toEqual(['website_name', 'is_waihu']);
    const off = { login_password: '0', login_sms: '0', login_sso: '0' };
    expect(settingsProblems('jsjb', off)).toEqual([
      { name: 'login_password', message: 'settings.loginMethodRequired', params: {} },
    ]);
    // the server's view: the change over what is stored
    expect(settingsProblems('jsjb', { login_sso: '0' }, off)).toEqual([
      { name: 'login_sso', message: 'settings.loginMethodRequired', params: {} },
    ]);
    expect(settingsProblems('jsjb', { login_sso: '1' }, off)).toEqual([]);
    // a missing switch counts as on (as the login reads it)
    expect(settingsProblems('jsjb', { login_password: '0', login_sms: '0' })).toEqual([]);
    // untouched: a stored state is not the save's problem
    expect(settingsProblems('jsjb', { website_name: 'x' }, off)).toEqual([]);
    expect(settingsProblems('security', off)).toEqual([]);
  });
});
