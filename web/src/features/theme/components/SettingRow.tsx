import type { ReactNode } from 'react';

/** One labelled setting in the theme drawer; `data-setting` names it for tests and styles. */
export function SettingRow({
  name,
  label,
  disabled,
  children,
}: {
  name: string;
  label: ReactNode;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <div className={disabled ? 'hl-setting is-disabled' : 'hl-setting'} data-setting={name}>
      <span className="hl-setting-label">{label}</span>
      <span className="hl-setting-control">{children}</span>
    </div>
  );
}
