import { Button, Card, Descriptions, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { unitApi, type AdminUnit } from '../api';
import { childKinds, pathName } from '../tree';
import { DetailActions } from './DetailActions';
import { UnitKindTag } from './UnitTitle';

export interface UnitDetailProps {
  unit: AdminUnit;
  units: readonly AdminUnit[];
  onAddChild: () => void;
  onEdit: () => void;
  onMove: () => void;
  /** After disable, enable or delete. */
  onChanged: (action: string) => void | Promise<void>;
}

/** One unit's details with what an administrator may do to it. */
export function UnitDetail({
  unit,
  units,
  onAddChild,
  onEdit,
  onMove,
  onChanged,
}: UnitDetailProps) {
  const { t } = useTranslation();
  const parent = unit.parentId === null ? null : units.find((u) => u.id === unit.parentId);
  const children = units.filter((u) => u.parentId === unit.id).length;
  const canHoldChildren = childKinds(unit.kind).length > 0;
  const name = unit.name;

  const addChild = (
    <Button
      icon={<PlusOutlined />}
      onClick={onAddChild}
      disabled={!canHoldChildren || unit.disabled}
    >
      {t('adminOrg.units.addChild')}
    </Button>
  );

  return (
    <Card size="small" title={t('adminOrg.units.detail')} data-testid="unit-detail">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          { key: 'name', label: t('adminOrg.units.name'), children: name },
          { key: 'code', label: t('adminOrg.units.code'), children: unit.code },
          {
            key: 'kind',
            label: t('adminOrg.units.kind'),
            children: <UnitKindTag kind={unit.kind} />,
          },
          {
            key: 'status',
            label: t('adminOrg.common.status'),
            children: unit.disabled ? (
              <Tag>{t('adminOrg.common.disabled')}</Tag>
            ) : (
              <Tag color="green">{t('adminOrg.common.enabled')}</Tag>
            ),
          },
          {
            key: 'parent',
            label: t('adminOrg.common.parent'),
            children: parent ? pathName(units, parent) : t('adminOrg.common.topLevel'),
          },
          { key: 'sort', label: t('adminOrg.common.sort'), children: unit.sort },
          {
            key: 'users',
            label: t('adminOrg.units.users'),
            children: t('adminOrg.units.usersCount', { count: unit.userCount }),
          },
          { key: 'children', label: t('adminOrg.common.children'), children },
        ]}
      />
      <DetailActions
        onChanged={onChanged}
        buttons={
          <>
            {canHoldChildren ? (
              addChild
            ) : (
              <Tooltip title={t('adminOrg.units.noChildKinds')}>{addChild}</Tooltip>
            )}
            <Button onClick={onEdit}>{t('adminOrg.common.edit')}</Button>
            <Button onClick={onMove}>{t('adminOrg.common.move')}</Button>
          </>
        }
        confirmed={[
          unit.disabled
            ? {
                key: 'enable',
                label: t('adminOrg.common.enable'),
                confirm: t('adminOrg.units.enableConfirm', { name }),
                run: () => unitApi.enable(unit.id),
                done: t('adminOrg.units.enabledOk'),
              }
            : {
                key: 'disable',
                label: t('adminOrg.common.disable'),
                confirm: t('adminOrg.units.disableConfirm', { name }),
                run: () => unitApi.disable(unit.id),
                done: t('adminOrg.units.disabledOk'),
              },
          {
            key: 'delete',
            label: t('adminOrg.common.delete'),
            confirm: t('adminOrg.units.deleteConfirm', { name }),
            danger: true,
            run: () => unitApi.remove(unit.id),
            done: t('adminOrg.units.deleted'),
          },
        ]}
      />
    </Card>
  );
}
