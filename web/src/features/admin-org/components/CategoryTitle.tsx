import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '../api';

type Level = 1 | 2 | 3;
const LEVEL_COLORS: Record<Level, string> = { 1: 'blue', 2: 'cyan', 3: 'green' };

const levelOf = (level: number): Level => (level <= 1 ? 1 : level >= 3 ? 3 : 2);

export function CategoryLevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  const l = levelOf(level);
  return <Tag color={LEVEL_COLORS[l]}>{t(`adminOrg.categories.levels.l${l}`)}</Tag>;
}

/** The level's name ("二级") for hints. */
export function useLevelName(): (level: number) => string {
  const { t } = useTranslation();
  return (level) => t(`adminOrg.categories.levels.l${levelOf(level)}`);
}

/** A category's row in the tree: name, level and the disabled mark. */
export function CategoryTitle({ category, greyed }: { category: AdminCategory; greyed: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`hl-org-node${greyed ? ' is-disabled' : ''}`}
      data-category-id={category.id}
      data-disabled={category.disabled ? '1' : undefined}
    >
      <span className="hl-org-node-name">{category.name}</span>
      <CategoryLevelTag level={category.level} />
      {category.disabled ? <Tag>{t('adminOrg.common.disabled')}</Tag> : null}
    </span>
  );
}
