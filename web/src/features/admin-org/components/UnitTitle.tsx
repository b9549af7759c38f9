import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UnitKind } from '@hotline/domain';
import type { AdminUnit } from '../api';

const KIND_COLORS: Record<UnitKind, string> = {
  city: 'magenta',
  district: 'red',
  street: 'blue',
  town: 'cyan',
  department: 'purple',
  community: 'green',
  village: 'lime',
};

export function UnitKindTag({ kind }: { kind: UnitKind }) {
  const { t } = useTranslation();
  return <Tag color={KIND_COLORS[kind]}>{t(`adminOrg.units.kinds.${kind}`)}</Tag>;
}

/** A unit's row in the tree: name, kind, disabled mark and user count. */
export function UnitTitle({ unit, greyed }: { unit: AdminUnit; greyed: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`hl-org-node${greyed ? ' is-disabled' : ''}`}
      data-unit-id={unit.id}
      data-disabled={unit.disabled ? '1' : undefined}
    >
      <span className="hl-org-node-name">{unit.name}</span>
      <UnitKindTag kind={unit.kind} />
      {unit.disabled ? <Tag>{t('adminOrg.common.disabled')}</Tag> : null}
      {unit.userCount > 0 ? (
        <span className="hl-org-count">
          {t('adminOrg.units.usersCount', { count: unit.userCount })}
        </span>
      ) : null}
    </span>
  );
}
