import { useEffect } from 'react';
import { useWebConfig } from '../../hooks/use-web-config';
import { errorLogSwitch, useErrorLogStore } from './error-log-store';

/**
 * Keeps 系统配置 `is_error_log` in the error-log store: turned off, nothing is collected (and
 * what was collected is dropped). The web config is read again after a settings save.
 */
export function useErrorLogPolicy(): boolean {
  const config = useWebConfig().data;
  const setEnabled = useErrorLogStore((s) => s.setEnabled);
  const enabled = errorLogSwitch(config);
  useEffect(() => {
    if (config) setEnabled(enabled);
  }, [config, enabled, setEnabled]);
  return enabled;
}
