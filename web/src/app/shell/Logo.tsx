import { PhoneFilled } from '@ant-design/icons';

/** The console's mark and name; `compact` shows the mark only. */
export function Logo({ name, compact = false }: { name: string; compact?: boolean }) {
  return (
    <div className={compact ? 'hl-logo is-compact' : 'hl-logo'} title={name}>
      <span className="hl-logo-mark" aria-hidden="true">
        <PhoneFilled />
      </span>
      {compact ? null : <span className="hl-logo-name">{name}</span>}
    </div>
  );
}
