import { Button, Checkbox, Divider, Drawer, Radio, Space, Switch, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LINE_HEIGHTS, moveColumn, toggleColumn, type TablePrefs } from '../table-prefs';
import { colText } from '../labels';

export interface ColumnSettingsProps {
  open: boolean;
  onClose: () => void;
  prefs: TablePrefs;
  onChange: (next: TablePrefs) => void;
  onReset: () => void;
}

/** Table settings: stripe, border, line height, and the columns (checked, in order). */
export function ColumnSettings({ open, onClose, prefs, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const last = prefs.columns.length - 1;
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
      <ul className="hl-col-list">
        {prefs.columns.map((c, i) => (
          <li key={c.key} data-col-pref={c.key}>
            <Checkbox
              checked={c.visible}
              onChange={(e) => onChange(toggleColumn(prefs, c.key, e.target.checked))}
            >
              {t(colText(c.key))}
            </Checkbox>
            <span className="hl-col-move">
              <Tooltip title={t('workOrders.prefs.up')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  aria-label={`${t('workOrders.prefs.up')} ${c.key}`}
                  onClick={() => onChange(moveColumn(prefs, c.key, -1))}
                />
              </Tooltip>
              <Tooltip title={t('workOrders.prefs.down')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={i === last}
                  aria-label={`${t('workOrders.prefs.down')} ${c.key}`}
                  onClick={() => onChange(moveColumn(prefs, c.key, 1))}
                />
              </Tooltip>
            </span>
          </li>
        ))}
      </ul>
    </Drawer>
  );
}
