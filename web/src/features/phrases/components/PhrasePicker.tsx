import { useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Empty, Input, Spin, Typography, type InputRef } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PhraseCategory } from '@hotline/domain';
import { phrasesQuery, type Phrase } from '../api';

/** The route of the management page (the menu entry `my_phrases`). */
export const PHRASES_PATH = '/account/phrases';

/**
 * The phrases offered for a field: a search box, then the user's own and the unit's shared
 * phrases as buttons. ↓ from the box enters the list, ↑/↓ move, Enter (or a click) picks, Esc
 * closes (the field gets the focus back).
 */
export function PhrasePicker({
  category,
  onPick,
  onClose,
  searchRef,
}: {
  category: PhraseCategory;
  onPick: (text: string) => void;
  onClose: () => void;
  /** The search box (the popover focuses it once shown: autoFocus can come too early). */
  searchRef?: Ref<InputRef>;
}) {
  const { t } = useTranslation();
  const phrases = useQuery(phrasesQuery(category));
  const [search, setSearch] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const keep = (list: Phrase[] | undefined) =>
      (list ?? []).filter((p) => !needle || p.text.toLowerCase().includes(needle));
    return [
      { key: 'mine', title: t('phrases.picker.mine'), list: keep(phrases.data?.mine) },
      { key: 'unit', title: t('phrases.picker.unit'), list: keep(phrases.data?.unit) },
    ].filter((g) => g.list.length > 0);
  }, [phrases.data, search, t]);

  const options = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  const move = (from: Element | null, step: number) => {
    const all = options();
    if (all.length === 0) return;
    const at = from ? all.indexOf(from as HTMLButtonElement) : -1;
    all[(at + step + all.length) % all.length]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const inList = listRef.current?.contains(document.activeElement) ?? false;
      move(inList ? document.activeElement : null, event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      // Enter in the search box picks the first match.
      event.preventDefault();
      options()[0]?.click();
    }
  };

  return (
    <div className="hl-phrase-picker" onKeyDown={onKeyDown} data-testid="phrase-picker">
      <Input
        ref={searchRef}
        size="small"
        allowClear
        autoFocus
        placeholder={t('phrases.picker.search')}
        aria-label={t('phrases.picker.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="hl-phrase-list" ref={listRef}>
        {phrases.isPending ? (
          <Spin size="small" />
        ) : groups.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('phrases.picker.none')} />
        ) : (
          groups.map((group) => (
            <div key={group.key} role="group" aria-label={group.title}>
              <Typography.Text type="secondary" className="hl-phrase-group">
                {group.title}
              </Typography.Text>
              {group.list.map((phrase) => (
                <button
                  key={phrase.id}
                  type="button"
                  className="hl-phrase-option"
                  data-testid="phrase-option"
                  onClick={() => onPick(phrase.text)}
                >
                  {phrase.text}
                </button>
              ))}
            </div>
          ))
        )}
      </div>
      <div className="hl-phrase-foot">
        <Typography.Text type="secondary">{t('phrases.picker.keys')}</Typography.Text>
        <a href={`#${PHRASES_PATH}`} onClick={onClose}>
          {t('phrases.picker.manage')}
        </a>
      </div>
    </div>
  );
}
