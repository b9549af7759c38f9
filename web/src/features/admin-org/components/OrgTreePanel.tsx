import type { ReactNode } from 'react';
import { Alert, Button, Card, Empty, Input, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { TreeState } from '../hooks/use-tree-state';
import type { Branch, FlatNode } from '../tree';
import { errorText } from '../form-errors';

export interface OrgTreePanelProps<T extends FlatNode> {
  title: string;
  state: TreeState<T>;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  searchPlaceholder: string;
  renderTitle: (item: T) => ReactNode;
  /** Buttons above the tree (add at the top). */
  extra?: ReactNode;
  testId: string;
}

/** A searchable tree of units or categories: loading, error and empty states included. */
export function OrgTreePanel<T extends FlatNode>(props: OrgTreePanelProps<T>) {
  const { t } = useTranslation();
  const { state } = props;
  const toNodes = (branches: Branch<T>[]): DataNode[] =>
    branches.map((b) => ({
      key: b.item.id,
      title: props.renderTitle(b.item),
      children: b.children.length ? toNodes(b.children) : undefined,
    }));

  let body: ReactNode;
  if (props.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (props.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('adminOrg.common.loadError')}
        description={errorText(props.error)}
        action={<Button onClick={props.onRetry}>{t('adminOrg.common.retry')}</Button>}
      />
    );
  else if (state.forest.length === 0)
    body = (
      <Empty
        description={state.search ? t('adminOrg.common.noMatch') : t('adminOrg.common.empty')}
      />
    );
  else
    body = (
      <Tree
        blockNode
        showLine
        aria-label={props.title}
        treeData={toNodes(state.forest)}
        expandedKeys={state.expandedKeys}
        onExpand={(keys) => state.setExpandedKeys(keys.map(Number))}
        selectedKeys={state.selected ? [state.selected.id] : []}
        onSelect={(keys) => {
          // a second click on the selected row keeps it selected
          if (keys.length) state.select(Number(keys[0]));
        }}
      />
    );

  return (
    <Card
      size="small"
      title={props.title}
      className="hl-org-tree"
      data-testid={props.testId}
      extra={props.extra}
    >
      <Input.Search
        allowClear
        value={state.search}
        onChange={(e) => state.setSearch(e.target.value)}
        placeholder={props.searchPlaceholder}
        aria-label={props.searchPlaceholder}
        className="hl-org-search"
      />
      <div className="hl-org-tree-body">{body}</div>
    </Card>
  );
}
