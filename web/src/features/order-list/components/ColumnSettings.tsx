import { Button, Checkbox, Divider, Drawer, Radio, Space, Switch, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  LINE_HEIGHTS,
  moveColumn,
  placeColumn,
  toggleColumn,
  type ColumnPref,
  type TablePrefs,
} from '../table-prefs';
import { colText } from '../labels';

export interface ColumnSettingsProps {
  open: boolean;
  onClose: () => void;
  prefs: TablePrefs;
  onChange: (next: TablePrefs) => void;
  onReset: () => void;
}

/**
 * Table settings: stripe, border, line height, and the columns (checked, in order). A column
 * moves by dragging its handle (mouse, touch, or the keyboard: Space, arrows, Space) or one
 * place at a time with its arrows.
 */
export function ColumnSettings({ open, onClose, prefs, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = prefs.columns.findIndex((c) => c.key === over.id);
    onChange(placeColumn(prefs, String(active.id), to));
  };
  const name = (key: string) => t(colText(key));
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('workOrders.prefs.title')}
      size={360}
      className="hl-col-settings"
      extra={<Button onClick={onReset}>{t('workOrders.prefs.reset')}</Button>}
    >
      <Space orientation="vertical" className="hl-col-settings-flags">
        <label>
          <Switch
            size="small"
            checked={prefs.stripe}
            data-testid="pref-stripe"
            onChange={(stripe) => onChange({ ...prefs, stripe })}
          />{' '}
          {t('workOrders.prefs.stripe')}
        </label>
        <label>
          <Switch
            size="small"
            checked={prefs.border}
            data-testid="pref-border"
            onChange={(border) => onChange({ ...prefs, border })}
          />{' '}
          {t('workOrders.prefs.border')}
        </label>
        <div>
          {t('workOrders.prefs.lineHeight')}{' '}
          <Radio.Group
            size="small"
            value={prefs.lineHeight}
            data-testid="pref-line-height"
            onChange={(e) =>
              onChange({ ...prefs, lineHeight: e.target.value as TablePrefs['lineHeight'] })
            }
            options={LINE_HEIGHTS.map((h) => ({ value: h, label: t(`workOrders.prefs.${h}`) }))}
            optionType="button"
          />
        </div>
      </Space>
      <Divider plain>{t('workOrders.prefs.columns')}</Divider>
      <Typography.Paragraph type="secondary" className="hl-col-hint">
        {t('workOrders.prefs.dragHint')}
      </Typography.Paragraph>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('workOrders.prefs.dragHint') },
        }}
      >
        <SortableContext
          items={prefs.columns.map((c) => c.key)}
          strategy={verticalListSortingStrategy}
        >
          <ul className="hl-col-list">
            {prefs.columns.map((c, i) => (
              <ColumnRow
                key={c.key}
                column={c}
                label={name(c.key)}
                first={i === 0}
                last={i === prefs.columns.length - 1}
                onToggle={(visible) => onChange(toggleColumn(prefs, c.key, visible))}
                onMove={(delta) => onChange(moveColumn(prefs, c.key, delta))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </Drawer>
  );
}

interface ColumnRowProps {
  column: ColumnPref;
  label: string;
  first: boolean;
  last: boolean;
  onToggle: (visible: boolean) => void;
  onMove: (delta: -1 | 1) => void;
}

/** One column of the list: its drag handle, its check box and its arrows. */
function ColumnRow({ column, label, first, last, onToggle, onMove }: ColumnRowProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: column.key });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      data-col-pref={column.key}
      className={sortable.isDragging ? 'is-dragging' : undefined}
    >
      <button
        type="button"
        className="hl-col-drag"
        aria-label={`${t('workOrders.prefs.drag')} ${label}`}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        <HolderOutlined />
      </button>
      <Checkbox checked={column.visible} onChange={(e) => onToggle(e.target.checked)}>
        {label}
      </Checkbox>
      <span className="hl-col-move">
        <Tooltip title={t('workOrders.prefs.up')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={first}
            aria-label={`${t('workOrders.prefs.up')} ${column.key}`}
            onClick={() => onMove(-1)}
          />
        </Tooltip>
        <Tooltip title={t('workOrders.prefs.down')}>
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={last}
            aria-label={`${t('workOrders.prefs.down')} ${column.key}`}
            onClick={() => onMove(1)}
          />
        </Tooltip>
      </span>
    </li>
  );
}
