import type { Db } from '../../context';
import { getValues } from '../config/config.repository';

/** The login switches of web config group `jsjb`. */
export interface LoginSwitches {
  password: boolean;
  sms: boolean;
  sso: boolean;
  rsa: boolean;
}

export async function loginSwitches(db: Db): Promise<LoginSwitches> {
  const values = await getValues(db, 'jsjb');
  const on = (name: string, fallback: boolean) =>
    values[name] === undefined ? fallback : values[name] === '1';
  return {
    password: on('login_password', true),
    sms: on('login_sms', true),
    sso: on('login_sso', true),
    rsa: on('login_rsa', false),
  };
}
