import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  TreeSelect,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_NATURES, URGENCIES } from '@hotline/domain';
import {
  createOrder,
  gridTreeQuery,
  intakeCategoryQuery,
  similarQueryOptions,
  type CreatedOrder,
  type SimilarOrder,
} from '../api';
import { useDebounced } from '../hooks';
import { categoryTree, gridTree } from '../trees';
import {
  checkLabels,
  checkPhone,
  checkText,
  intakeBody,
  LIMITS,
  similarQuery,
  type IntakeProblem,
  type IntakeValues,
} from '../validation';
import { SimilarPanel } from './SimilarPanel';
import { CallerHistoryPanel } from '../../caller-history';
import '../intake.css';

export interface IntakeFormProps {
  /** Dispatchers may take a direct-dispatch order (typeId 7). */
  canDirectDispatch: boolean;
  onCreated: (reply: CreatedOrder) => void;
  onOpen: (order: { id: number; orderNum: string }) => void;
}

/** The self-built order form with the similar-orders panel (merge instead of a duplicate). */
export function IntakeForm({ canDirectDispatch, onCreated, onOpen }: IntakeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<IntakeValues>();
  const [merge, setMerge] = useState<SimilarOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the last submit made: said above the (empty) form until the next one, with a link.
  const [created, setCreated] = useState<{ id: number; orderNum: string; text: string } | null>(
    null,
  );
  const top = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const categories = useQuery(intakeCategoryQuery);
  const grid = useQuery(gridTreeQuery);
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('majorContent', form);
  const asked = useDebounced(
    useMemo(() => similarQuery(title, content), [title, content]),
    500,
  );
  const similar = useQuery(similarQueryOptions(asked));
  // The caller's earlier orders, asked once the number has stopped changing.
  const phone = useDebounced(Form.useWatch('callerPhone', form) as string | undefined, 400);

  const say = (field: string, p: IntakeProblem) => {
    const name = t(`workOrders.intake.${field}` as 'workOrders.intake.title');
    if (p.kind === 'required') return t('workOrders.intake.required', { field: name });
    if (p.kind === 'tooLong') return t('workOrders.intake.tooLong', { field: name, n: p.max });
    return t(`workOrders.intake.${p.kind}`);
  };
  const rule = (field: string, check: (v: unknown) => IntakeProblem | null) => ({
    validator: (_: unknown, v: unknown) => {
      const p = check(v);
      return p ? Promise.reject(new Error(say(field, p))) : Promise.resolve();
    },
  });
  // Latitude and longitude come together or not at all.
  const positionRule = (other: 'lat' | 'long') => ({
    validator: (_: unknown, v: unknown) =>
      (v === null || v === undefined) === (form.getFieldValue(other) == null)
        ? Promise.resolve()
        : Promise.reject(new Error(t('workOrders.intake.positionHalf'))),
  });
  const required = (field: string) => ({
    required: true,
    message: say(field, { kind: 'required' }),
  });

  const submit = async (values: IntakeValues) => {
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      const reply = await createOrder(intakeBody(values, merge?.id ?? null));
      const text = merge
        ? t('workOrders.intake.merged', { target: merge.orderNum, num: reply.order.orderNum })
        : t('workOrders.intake.created', { num: reply.order.orderNum });
      void message.success(text);
      setCreated({ id: reply.order.id, orderNum: reply.order.orderNum, text });
      top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      form.resetFields();
      setMerge(null);
      void queryClient.invalidateQueries({ queryKey: ['intake', 'similar'] });
      onCreated(reply);
    } catch (e) {
      // nothing typed is lost: the form keeps its values and says why the server refused
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hl-intake" ref={top}>
      <Card title={t('workOrders.intake.title')}>
        {created ? (
          <Alert
            className="hl-intake-created"
            type="success"
            showIcon
            closable
            onClose={() => setCreated(null)}
            title={created.text}
            action={
              <Button size="small" onClick={() => onOpen(created)}>
                {t('workOrders.intake.openCreated')}
              </Button>
            }
            data-testid="intake-created"
          />
        ) : null}
        <Form<IntakeValues>
          scrollToFirstError={{ block: 'center' }}
          form={form}
          layout="vertical"
          data-testid="intake-form"
          initialValues={{
            callerCount: 1,
            callerSubject: 'individual',
            typeId: 5,
            urgency: 'general',
          }}
          onFinish={(v) => void submit(v)}
        >
          <Space wrap align="start">
            <Form.Item
              name="callerName"
              required
              label={t('workOrders.intake.callerName')}
              rules={[rule('callerName', (v) => checkText(v, LIMITS.callerName))]}
            >
              <Input maxLength={LIMITS.callerName} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="callerPhone"
              required
              label={t('workOrders.intake.callerPhone')}
              rules={[rule('callerPhone', checkPhone)]}
            >
              <Input maxLength={20} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="callerCount" label={t('workOrders.intake.callerCount')}>
              <InputNumber min={1} max={LIMITS.callerCountMax} precision={0} />
            </Form.Item>
            <Form.Item name="callerSubject" label={t('workOrders.intake.callerSubject')}>
              <Radio.Group
                options={(['individual', 'enterprise'] as const).map((s) => ({
                  value: s,
                  label: t(`workOrders.subject.${s}`),
                }))}
              />
            </Form.Item>
          </Space>
          <Form.Item
            name="title"
            required
            label={t('workOrders.intake.orderTitle')}
            rules={[rule('orderTitle', (v) => checkText(v, LIMITS.title))]}
          >
            <Input maxLength={LIMITS.title} showCount />
          </Form.Item>
          <Form.Item
            name="majorContent"
            required
            label={t('workOrders.intake.majorContent')}
            rules={[
              rule('majorContent', (v) =>
                checkText(v, LIMITS.majorContent, LIMITS.majorContentMin),
              ),
            ]}
          >
            <Input.TextArea rows={5} maxLength={LIMITS.majorContent} showCount />
          </Form.Item>
          <Space wrap align="start">
            <Form.Item
              name="categoryId"
              label={t('workOrders.intake.category')}
              rules={[required('category')]}
              extra={categories.isError ? t('workOrders.intake.noCategories') : undefined}
            >
              <TreeSelect
                showSearch
                treeNodeFilterProp="title"
                treeData={categories.data ? categoryTree(categories.data.list) : []}
                placeholder={t('workOrders.intake.categoryHint')}
                style={{ width: 280 }}
                data-testid="intake-category"
              />
            </Form.Item>
            <Form.Item
              name="urgency"
              label={t('workOrders.intake.urgency')}
              rules={[required('urgency')]}
            >
              <Select
                style={{ width: 140 }}
                options={URGENCIES.map((u) => ({ value: u, label: t(`workOrders.urgency.${u}`) }))}
              />
            </Form.Item>
            <Form.Item
              name="orderNature"
              label={t('workOrders.intake.orderNature')}
              rules={[required('orderNature')]}
            >
              <Select
                style={{ width: 140 }}
                data-testid="intake-nature"
                options={ORDER_NATURES.map((n) => ({
                  value: n,
                  label: t(`workOrders.nature.${n}`),
                }))}
              />
            </Form.Item>
            {canDirectDispatch ? (
              <Form.Item name="typeId" label={t('workOrders.intake.typeId')}>
                <Radio.Group
                  options={[5, 7].map((id) => ({
                    value: id,
                    label: t(id === 5 ? 'workOrders.type.t5' : 'workOrders.type.t7'),
                  }))}
                />
              </Form.Item>
            ) : null}
          </Space>
          <Space wrap align="start">
            <Form.Item
              name="address"
              required
              label={t('workOrders.intake.address')}
              rules={[rule('address', (v) => checkText(v, LIMITS.address))]}
            >
              <Input maxLength={LIMITS.address} style={{ width: 360 }} />
            </Form.Item>
            <Form.Item name="smsOptOut" valuePropName="checked" label={t('workOrders.intake.sms')}>
              <Checkbox data-testid="intake-sms-opt-out">
                {t('workOrders.intake.smsOptOut')}
              </Checkbox>
            </Form.Item>
            <Form.Item
              name="lat"
              label={t('workOrders.intake.lat')}
              dependencies={['long']}
              rules={[positionRule('long')]}
            >
              <InputNumber min={-90} max={90} step={0.000001} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item
              name="long"
              label={t('workOrders.intake.long')}
              dependencies={['lat']}
              rules={[positionRule('lat')]}
            >
              <InputNumber min={-180} max={180} step={0.000001} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="communityUnitId" label={t('workOrders.intake.community')}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeData={grid.data ? gridTree(grid.data.list) : []}
                style={{ width: 240 }}
              />
            </Form.Item>
            <Form.Item
              name="labels"
              label={t('workOrders.intake.labels')}
              rules={[rule('labels', checkLabels)]}
            >
              <Select mode="tags" style={{ width: 240 }} tokenSeparators={[',', '，']} />
            </Form.Item>
          </Space>
          {merge ? (
            <Alert
              className="hl-intake-merge"
              type="info"
              showIcon
              title={t('workOrders.intake.mergeInto', { num: merge.orderNum })}
              action={
                <Button size="small" onClick={() => setMerge(null)}>
                  {t('workOrders.intake.cancelMerge')}
                </Button>
              }
              data-testid="merge-target"
            />
          ) : null}
          {error ? (
            <Alert
              className="hl-intake-merge"
              type="error"
              showIcon
              title={error}
              data-testid="intake-error"
            />
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="intake-submit">
              {t('workOrders.intake.submit')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setMerge(null);
                setError(null);
              }}
            >
              {t('workOrders.intake.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <div className="hl-intake-side">
        <CallerHistoryPanel phone={phone} onOpen={onOpen} />
        <SimilarPanel
          items={similar.data?.list ?? []}
          loading={similar.isFetching}
          asked={asked !== null}
          mergeIntoId={merge?.id ?? null}
          onMerge={(o) => setMerge(merge?.id === o.id ? null : o)}
          onOpen={onOpen}
        />
      </div>
    </div>
  );
}
