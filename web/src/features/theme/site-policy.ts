import { useEffect } from 'react';
import { useWebConfig } from '../../hooks/use-web-config';
import { useThemeStore } from './theme-store';

/**
 * Keeps the site's switches of 系统配置 in the theme store: `is_voice_push` '0' silences voice
 * alerts for everyone, `is_watermark` '1' watermarks every page. The web config is read again
 * after a settings save, so the switches apply at once in the console that saved them.
 */
export function useSitePolicySync(): void {
  const config = useWebConfig().data;
  const setSitePolicy = useThemeStore((s) => s.setSitePolicy);
  const voice = config?.is_voice_push;
  const watermark = config?.is_watermark;
  useEffect(() => {
    if (voice === undefined && watermark === undefined) return;
    setSitePolicy({ siteVoice: voice !== '0', siteWatermark: watermark === '1' });
  }, [voice, watermark, setSitePolicy]);
}
