import { useMemo } from 'react';
import { App, Button, Space } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refreshUnits, unitApi, unitsQuery, type AdminUnit } from '../api';
import { useDialog } from '../hooks/use-dialog';
import { useTreeState } from '../hooks/use-tree-state';
import { disabledInPath, unitParentChoices } from '../tree';
import { MoveDialog } from './MoveDialog';
import { OrgDetailPane } from './OrgDetailPane';
import { OrgTreePanel } from './OrgTreePanel';
import { UnitDetail } from './UnitDetail';
import { UnitFormDialog, type UnitDialogMode } from './UnitFormDialog';
import { UnitTitle } from './UnitTitle';
import '../admin-org.css';

/** 组织机构: the unit tree beside the selected unit's details (stacked on phones). */
export function UnitsView({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const units = useQuery(unitsQuery());
  const list = useMemo(() => units.data?.list ?? [], [units.data]);
  const tree = useTreeState(units.data?.list);
  const dialog = useDialog<UnitDialogMode>();
  const mover = useDialog<AdminUnit>();
  const moving = mover.mode;
  const selected = tree.selected;

  const saved = async (unit: AdminUnit, mode: UnitDialogMode) => {
    dialog.close();
    void message.success(
      mode.type === 'create' ? t('adminOrg.units.created') : t('adminOrg.common.saved'),
    );
    await refreshUnits(client);
    if (mode.type === 'create') tree.reveal(unit.id, unit.parentId);
  };

  const move = async (parentId: number | null) => {
    if (!moving) return;
    const unit = await unitApi.move(moving.id, parentId);
    mover.close();
    void message.success(t('adminOrg.units.moved'));
    await refreshUnits(client);
    tree.reveal(unit.id, unit.parentId);
  };

  const changed = async (action: string) => {
    if (action === 'delete') tree.select(null);
    await refreshUnits(client);
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="units-page">
      <div className="hl-org">
        <OrgTreePanel
          title={title || t('adminOrg.units.title')}
          state={tree}
          loading={units.isLoading}
          error={units.error}
          onRetry={() => void units.refetch()}
          searchPlaceholder={t('adminOrg.units.searchPlaceholder')}
          testId="unit-tree"
          renderTitle={(unit) => <UnitTitle unit={unit} greyed={disabledInPath(list, unit)} />}
          extra={
            <Space size={4} wrap>
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => dialog.open({ type: 'create', parent: null })}
              >
                {t('adminOrg.units.addTop')}
              </Button>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('adminOrg.common.refresh')}
                title={t('adminOrg.common.refresh')}
                onClick={() => void units.refetch()}
              />
            </Space>
          }
        />
        <OrgDetailPane selectedId={selected?.id ?? null} emptyTitle={t('adminOrg.units.detail')}>
          {selected ? (
            <UnitDetail
              key={selected.id}
              unit={selected}
              units={list}
              onAddChild={() => dialog.open({ type: 'create', parent: selected })}
              onEdit={() => dialog.open({ type: 'edit', unit: selected })}
              onMove={() => mover.open(selected)}
              onChanged={changed}
            />
          ) : null}
        </OrgDetailPane>
      </div>
      <UnitFormDialog key={dialog.key} mode={dialog.mode} onDone={saved} onClose={dialog.close} />
      <MoveDialog
        key={mover.key}
        open={moving !== null}
        title={moving ? t('adminOrg.units.moveTitle', { name: moving.name }) : ''}
        label={t('adminOrg.units.newParent')}
        hint={
          moving
            ? t('adminOrg.units.newParentHint', { kind: t(`adminOrg.units.kinds.${moving.kind}`) })
            : ''
        }
        empty={t('adminOrg.units.noParents')}
        choices={moving ? unitParentChoices(list, moving, t('adminOrg.common.topLevel')) : []}
        onMove={move}
        onClose={mover.close}
      />
    </Space>
  );
}
