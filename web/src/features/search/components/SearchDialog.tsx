import { useDeferredValue, useState } from 'react';
import { Input, Modal, Spin, Tag } from 'antd';
import {
  FileSearchOutlined,
  GlobalOutlined,
  LinkOutlined,
  MenuOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  externalSearchUrl,
  matchEntries,
  ordersSearchUrl,
  suggestionsQuery,
  type Suggestion,
} from '../api';
import '../search.css';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** The user's own menu entries ('#/path' urls). */
  entries: readonly Suggestion[];
  /** Opens a console page ('#/…' urls arrive without the '#'). */
  onNavigate: (path: string) => void;
  /** The user may open the orders page (工单查询): offer to search it. */
  searchesOrders?: boolean;
}

type Row = Suggestion & { kind: 'menu' | 'server' | 'web' | 'orders' };

/** Search: the user's menu entries and the server's suggestions, or an external search. */
export function SearchDialog({
  open,
  onClose,
  entries,
  onNavigate,
  searchesOrders = false,
}: SearchDialogProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const server = useQuery({
    ...suggestionsQuery(deferred),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  // The server's suggestions first: an order whose number was typed opens directly.
  const rows: Row[] = [
    ...(server.data ?? []).map((s) => ({ ...s, kind: 'server' as const })),
    ...matchEntries(entries, deferred).map((e) => ({ ...e, kind: 'menu' as const })),
  ];
  const ordersUrl = searchesOrders ? ordersSearchUrl(deferred) : null;
  if (ordersUrl) {
    rows.push({ kind: 'orders', title: t('search.orders', { keyword: deferred }), url: ordersUrl });
  }
  if (deferred !== '') {
    rows.push({
      kind: 'web',
      title: t('search.web', { keyword: deferred }),
      url: externalSearchUrl(deferred),
    });
  }

  const choose = (row: Row) => {
    onClose();
    setKeyword('');
    if (row.url.startsWith('#/')) onNavigate(row.url.slice(1));
    else window.open(row.url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('search.title')}
      width={600}
      destroyOnHidden
      className="hl-search-dialog"
    >
      <Input
        autoFocus
        size="large"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onPressEnter={(e) => {
          // The key's default would reach the search button the closing dialog gives focus
          // back to, and open the dialog again over the page just chosen.
          e.preventDefault();
          if (rows[0]) choose(rows[0]);
        }}
      />
      <Spin spinning={server.isFetching} size="small">
        <ul className="hl-search-results" role="listbox" aria-label={t('search.results')}>
          {rows.map((row, i) => (
            <li
              key={`${row.kind}-${row.url}-${i}`}
              role="option"
              aria-selected={false}
              tabIndex={0}
              className="hl-search-row"
              onClick={() => choose(row)}
              onKeyDown={(e) => e.key === 'Enter' && choose(row)}
            >
              {row.kind === 'menu' ? (
                <MenuOutlined />
              ) : row.kind === 'orders' ? (
                <FileSearchOutlined />
              ) : row.kind === 'web' ? (
                <GlobalOutlined />
              ) : (
                <LinkOutlined />
              )}
              <span className="hl-search-title">{row.title}</span>
              <Tag bordered={false}>{t(`search.kind.${row.kind}`)}</Tag>
            </li>
          ))}
          {rows.length === 0 ? <li className="hl-search-empty">{t('search.none')}</li> : null}
        </ul>
      </Spin>
    </Modal>
  );
}
