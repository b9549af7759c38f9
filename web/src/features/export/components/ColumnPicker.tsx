import { Button, Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { replaceGroup } from '../export-rules';
import {
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  EXPORT_GROUPS,
  type ExportGroup,
} from '@hotline/domain';

const GROUPS = Object.keys(EXPORT_GROUPS) as ExportGroup[];

/** The export column list, grouped, with all / none / defaults. Keeps the catalogue's order. */
export function ColumnPicker(props: { value: string[]; onChange: (keys: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const picked = new Set(props.value);
  const setGroup = (group: ExportGroup, keys: string[]) =>
    props.onChange(replaceGroup(props.value, group, keys));
  return (
    <div data-testid="export-columns">
      <Space style={{ marginBottom: 8 }}>
        <Button size="small" onClick={() => props.onChange(EXPORT_COLUMNS.map((c) => c.key))}>
          {t('exports.dialog.selectAll')}
        </Button>
        <Button size="small" onClick={() => props.onChange([])}>
          {t('exports.dialog.clear')}
        </Button>
        <Button size="small" onClick={() => props.onChange([...DEFAULT_EXPORT_COLUMNS])}>
          {t('exports.dialog.defaults')}
        </Button>
        <Typography.Text type="secondary">
          {t('exports.dialog.picked', { n: props.value.length, total: EXPORT_COLUMNS.length })}
        </Typography.Text>
      </Space>
      <div style={{ maxHeight: 320, overflow: 'auto', paddingRight: 8 }}>
        {GROUPS.map((group) => {
          const cols = EXPORT_COLUMNS.filter((c) => c.group === group);
          const inGroup = cols.filter((c) => picked.has(c.key)).map((c) => c.key);
          return (
            <div key={group} style={{ marginBottom: 8 }}>
              <Checkbox
                checked={inGroup.length === cols.length}
                indeterminate={inGroup.length > 0 && inGroup.length < cols.length}
                onChange={(e) => setGroup(group, e.target.checked ? cols.map((c) => c.key) : [])}
              >
                <Typography.Text strong>{EXPORT_GROUPS[group][lang]}</Typography.Text>
              </Checkbox>
              <Checkbox.Group
                style={{ display: 'flex', flexWrap: 'wrap', marginLeft: 24 }}
                value={inGroup}
                onChange={(keys) => setGroup(group, keys)}
                options={cols.map((c) => ({
                  value: c.key,
                  label: lang === 'en' ? c.en : c.zh,
                  style: { width: 170 },
                }))}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
