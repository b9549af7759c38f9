import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { categoryApi, type AdminCategory } from '../api';
import { descendantIds, disabledInPath, pathName } from '../tree';
import { CategoryLevelTag } from './CategoryTitle';
import { DetailActions } from './DetailActions';

export interface CategoryDetailProps {
  category: AdminCategory;
  categories: readonly AdminCategory[];
  onAddChild: () => void;
  onEdit: () => void;
  onMove: () => void;
  onChanged: (action: string) => void | Promise<void>;
}

/** One category's details with what an administrator may do to it. */
export function CategoryDetail(props: CategoryDetailProps) {
  const { category, categories } = props;
  const { t } = useTranslation();
  const parent =
    category.parentId === null ? null : categories.find((c) => c.id === category.parentId);
  const below = descendantIds(categories, category.id).length;
  const name = category.name;
  const parentOff = parent ? disabledInPath(categories, parent) : false;

  return (
    <Card size="small" title={t('adminOrg.categories.detail')} data-testid="category-detail">
      {parentOff ? (
        <Alert
          type="warning"
          showIcon
          title={t('adminOrg.categories.parentDisabled')}
          className="hl-org-refusal"
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        items={[
          { key: 'name', label: t('adminOrg.categories.name'), children: name },
          { key: 'code', label: t('adminOrg.categories.code'), children: category.code },
          {
            key: 'level',
            label: t('adminOrg.categories.level'),
            children: <CategoryLevelTag level={category.level} />,
          },
          {
            key: 'status',
            label: t('adminOrg.common.status'),
            children: category.disabled ? (
              <Tag>{t('adminOrg.common.disabled')}</Tag>
            ) : (
              <Tag color="green">{t('adminOrg.common.enabled')}</Tag>
            ),
          },
          {
            key: 'parent',
            label: t('adminOrg.common.parent'),
            children: parent ? pathName(categories, parent) : t('adminOrg.common.topLevel'),
          },
          { key: 'sort', label: t('adminOrg.common.sort'), children: category.sort },
          { key: 'children', label: t('adminOrg.common.children'), children: below },
        ]}
      />
      {category.level >= 3 ? (
        <div className="hl-org-count" style={{ marginTop: 8 }}>
          {t('adminOrg.categories.leafHint')}
        </div>
      ) : null}
      <DetailActions
        onChanged={props.onChanged}
        buttons={
          <>
            {category.level < 3 ? (
              <Button
                icon={<PlusOutlined />}
                onClick={props.onAddChild}
                disabled={category.disabled}
              >
                {t('adminOrg.categories.addChild')}
              </Button>
            ) : null}
            <Button onClick={props.onEdit}>{t('adminOrg.common.edit')}</Button>
            {category.level > 1 ? (
              <Button onClick={props.onMove}>{t('adminOrg.common.move')}</Button>
            ) : null}
          </>
        }
        confirmed={[
          category.disabled
            ? {
                key: 'enable',
                label: t('adminOrg.common.enable'),
                confirm: t('adminOrg.categories.enableConfirm', { name }),
                run: () => categoryApi.enable(category.id),
                done: t('adminOrg.categories.enabledOk'),
              }
            : {
                key: 'disable',
                label: t('adminOrg.common.disable'),
                confirm: t('adminOrg.categories.disableConfirm', { name }),
                run: () => categoryApi.disable(category.id),
                done: t('adminOrg.categories.disabledOk'),
              },
        ]}
      />
    </Card>
  );
}
