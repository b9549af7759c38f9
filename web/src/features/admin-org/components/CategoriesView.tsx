import { useMemo } from 'react';
import { App, Button, Space } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesQuery, categoryApi, refreshCategories, type AdminCategory } from '../api';
import { useDialog } from '../hooks/use-dialog';
import { useTreeState } from '../hooks/use-tree-state';
import { categoryParentChoices, disabledInPath } from '../tree';
import { CategoryDetail } from './CategoryDetail';
import { CategoryFormDialog, type CategoryDialogMode } from './CategoryFormDialog';
import { CategoryTitle, useLevelName } from './CategoryTitle';
import { MoveDialog } from './MoveDialog';
import { OrgDetailPane } from './OrgDetailPane';
import { OrgTreePanel } from './OrgTreePanel';
import '../admin-org.css';

/** 问题分类: the three-level category tree beside the selected category's details. */
export function CategoriesView({ title }: { title: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const levelName = useLevelName();
  const categories = useQuery(categoriesQuery());
  const list = useMemo(() => categories.data?.list ?? [], [categories.data]);
  const tree = useTreeState(categories.data?.list);
  const dialog = useDialog<CategoryDialogMode>();
  const mover = useDialog<AdminCategory>();
  const moving = mover.mode;
  const selected = tree.selected;

  const saved = async (category: AdminCategory, mode: CategoryDialogMode) => {
    dialog.close();
    void message.success(
      mode.type === 'create' ? t('adminOrg.categories.created') : t('adminOrg.common.saved'),
    );
    await refreshCategories(client);
    if (mode.type === 'create') tree.reveal(category.id, category.parentId);
  };

  const move = async (parentId: number | null) => {
    if (!moving) return;
    const category = await categoryApi.move(moving.id, parentId);
    mover.close();
    void message.success(t('adminOrg.categories.moved'));
    await refreshCategories(client);
    tree.reveal(category.id, category.parentId);
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="categories-page">
      <div className="hl-org">
        <OrgTreePanel
          title={title || t('adminOrg.categories.title')}
          state={tree}
          loading={categories.isLoading}
          error={categories.error}
          onRetry={() => void categories.refetch()}
          searchPlaceholder={t('adminOrg.categories.searchPlaceholder')}
          testId="category-tree"
          renderTitle={(c) => <CategoryTitle category={c} greyed={disabledInPath(list, c)} />}
          extra={
            <Space size={4} wrap>
              <Button
                size="small"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => dialog.open({ type: 'create', parent: null })}
              >
                {t('adminOrg.categories.addTop')}
              </Button>
              <Button
                size="small"
                icon={<ReloadOutlined />}
                aria-label={t('adminOrg.common.refresh')}
                title={t('adminOrg.common.refresh')}
                onClick={() => void categories.refetch()}
              />
            </Space>
          }
        />
        <OrgDetailPane
          selectedId={selected?.id ?? null}
          emptyTitle={t('adminOrg.categories.detail')}
        >
          {selected ? (
            <CategoryDetail
              key={selected.id}
              category={selected}
              categories={list}
              onAddChild={() => dialog.open({ type: 'create', parent: selected })}
              onEdit={() => dialog.open({ type: 'edit', category: selected })}
              onMove={() => mover.open(selected)}
              onChanged={() => refreshCategories(client)}
            />
          ) : null}
        </OrgDetailPane>
      </div>
      <CategoryFormDialog
        key={dialog.key}
        mode={dialog.mode}
        onDone={saved}
        onClose={dialog.close}
      />
      <MoveDialog
        key={mover.key}
        open={moving !== null}
        title={moving ? t('adminOrg.categories.moveTitle', { name: moving.name }) : ''}
        label={t('adminOrg.categories.newParent')}
        hint={
          moving
            ? t('adminOrg.categories.newParentHint', { level: levelName(moving.level - 1) })
            : ''
        }
        empty={t('adminOrg.categories.noParents')}
        choices={moving ? categoryParentChoices(list, moving) : []}
        onMove={move}
        onClose={mover.close}
      />
    </Space>
  );
}
