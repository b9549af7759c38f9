import { useMemo, useRef, useState } from 'react';
import {
  App,
  Alert,
  Button,
  Card,
  Checkbox,
  InputNumber,
  Result,
  Space,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, LeftOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  calendarKey,
  calendarYearQuery,
  importCalendarYear,
  setCalendarDay,
  setCalendarProvisional,
  type CalendarYear,
} from '../api';
import { monthGrid, type GridDay } from '../month-grid';
import { DayDialog, type DayChoice } from './DayDialog';
import '../work-calendar.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * 工作日历: a year as 12 month grids marking days off (red) and adjusted working days (blue);
 * a click sets or clears a day. Export writes the year as a JSON file; import reads one back
 * (the server checks it all and names the first problem).
 */
export function CalendarView({ title }: { title: string }) {
  const { t, i18n } = useTranslation();
  // 1月 … 12月 in Chinese, January … December in English.
  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(Date.UTC(2000, month - 1, 1));
  }, [i18n.language]);
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const query = useQuery(calendarYearQuery(year));
  const [editing, setEditing] = useState<GridDay | null>(null);
  const [saving, setSaving] = useState(false);
  const [dayError, setDayError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const listed = useMemo(
    () => new Map((query.data?.days ?? []).map((d) => [d.date, d] as const)),
    [query.data],
  );

  const put = (data: CalendarYear) => client.setQueryData([...calendarKey, data.year], data);

  const onSave = async (choice: DayChoice, name: string) => {
    if (!editing) return;
    setSaving(true);
    setDayError(null);
    try {
      put(
        await setCalendarDay({
          date: editing.date,
          kind: choice === 'none' ? null : choice,
          ...(choice === 'none' ? {} : { name }),
        }),
      );
      void message.success(t('workCalendar.saved'));
      setEditing(null);
    } catch (error) {
      setDayError(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  // The box shows the choice at once and is locked until the server has answered.
  const [marking, setMarking] = useState<boolean | null>(null);
  const onProvisional = async (provisional: boolean) => {
    setMarking(provisional);
    try {
      put(await setCalendarProvisional(year, provisional));
      void message.success(t('workCalendar.saved'));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setMarking(null);
    }
  };

  const onExport = () => {
    if (!query.data) return;
    const { year: y, provisional, days } = query.data;
    const blob = new Blob([JSON.stringify({ year: y, provisional, days }, null, 2)], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `work-calendar-${y}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const onImport = async (file: File) => {
    setImportError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setImportError(t('workCalendar.notJson'));
      return;
    }
    // An import replaces the whole year: say so, and how much, before anything changes.
    const shape = parsed as { year?: unknown; days?: unknown };
    const target = typeof shape.year === 'number' ? shape.year : year;
    const days = Array.isArray(shape.days) ? shape.days.length : 0;
    const confirmed = await modal.confirm({
      title: t('workCalendar.importConfirmTitle', { year: target }),
      content: t('workCalendar.importConfirm', { year: target, days }),
      okText: t('workCalendar.importConfirmOk'),
      okButtonProps: { danger: true },
    });
    if (!confirmed) return;
    try {
      const data = await importCalendarYear(parsed);
      put(data);
      setYear(data.year);
      void message.success(t('workCalendar.imported', { year: data.year, days: data.days.length }));
    } catch (error) {
      setImportError(errorText(error));
    }
  };

  if (query.isError) {
    return <Result status="error" title={title} subTitle={errorText(query.error)} />;
  }
  const data = query.data;
  return (
    <Card
      className="work-calendar"
      title={title}
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={onExport} disabled={!data}>
            {t('workCalendar.export')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
            {t('workCalendar.import')}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            aria-label={t('workCalendar.import')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onImport(file);
            }}
          />
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap align="center">
          <Button
            icon={<LeftOutlined />}
            aria-label={t('workCalendar.prevYear')}
            onClick={() => setYear((y) => y - 1)}
          />
          <InputNumber
            aria-label={t('workCalendar.year')}
            min={2000}
            max={2100}
            value={year}
            onChange={(v) => v && setYear(v)}
          />
          <Button
            icon={<RightOutlined />}
            aria-label={t('workCalendar.nextYear')}
            onClick={() => setYear((y) => y + 1)}
          />
          {data && !data.defined && <Tag>{t('workCalendar.undefined')}</Tag>}
          <Checkbox
            data-testid="calendar-provisional"
            className={data?.provisional ? 'work-calendar-provisional is-on' : undefined}
            checked={marking ?? data?.provisional ?? false}
            disabled={!data || marking !== null}
            onChange={(e) => void onProvisional(e.target.checked)}
          >
            {t('workCalendar.provisionalSwitch')}
          </Checkbox>
          <span className="work-calendar-legend">
            <span>
              <span className="work-calendar-swatch" style={{ background: '#fff1f0' }} />
              {t('workCalendar.kinds.holiday')}
            </span>
            <span>
              <span className="work-calendar-swatch" style={{ background: '#e6f4ff' }} />
              {t('workCalendar.kinds.workday')}
            </span>
          </span>
        </Space>
        <Typography.Text type="secondary">{t('workCalendar.lead')}</Typography.Text>
        {data?.provisional && (
          <Alert type="warning" showIcon message={t('workCalendar.provisionalHint')} />
        )}
        {importError && (
          <Alert
            type="error"
            showIcon
            closable
            onClose={() => setImportError(null)}
            message={t('workCalendar.importFailed')}
            description={importError}
          />
        )}
        <div className="work-calendar-months">
          {MONTHS.map((month) => (
            <div key={month} className="work-calendar-month">
              <Typography.Text strong>{monthName(month)}</Typography.Text>
              <table>
                <thead>
                  <tr>
                    {(t('workCalendar.weekdays', { returnObjects: true }) as string[]).map((w) => (
                      <th key={w} scope="col">
                        {w}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {monthGrid(year, month, listed).map((week, i) => (
                    <tr key={i}>
                      {week.map((day, j) => (
                        <td key={j}>
                          {day && (
                            <button
                              type="button"
                              className={`work-calendar-day is-${day.state}`}
                              title={day.name || undefined}
                              aria-label={`${day.date}${day.name ? ` ${day.name}` : ''} ${t(`workCalendar.states.${day.state}`)}`}
                              data-date={day.date}
                              onClick={() => {
                                setDayError(null);
                                setEditing(day);
                              }}
                            >
                              {day.day}
                            </button>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      </Space>
      <DayDialog
        day={editing}
        saving={saving}
        error={dayError}
        onSave={(choice, name) => void onSave(choice, name)}
        onCancel={() => setEditing(null)}
      />
    </Card>
  );
}
