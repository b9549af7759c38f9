import { useRef, useState } from 'react';
import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ACTION_NAMES, type ActionName } from '@hotline/domain';
import { isEnglish } from '../../../i18n';
import { newKey } from '../../../lib/idempotency-key';
import { RequestError } from '../../../lib/request';
import {
  actionBody,
  changedFields,
  editFormFields,
  validateAction,
  type FieldError,
  type FormValues,
} from '../action-rules';
import { buttonId, editEndpoint, type ActionSpec } from '../action-table';
import { attachFiles, attributesQuery, postAction, type ActionResult } from '../api';
import { DispatchFields, useHostKind } from './DispatchFields';
import { AttributeFields, EditFields, RemarksFields } from './EditFields';
import { ReplyFields, uploadedIds } from './ReplyFields';
import {
  ExclusionFields,
  ExtensionFields,
  MergeFields,
  type MergeCandidate,
} from './RequestFields';
import { TextFields } from './TextFields';
import { VisitFields } from './VisitFields';
import { panelKeyDown } from '../panel-keys';
import '../order-actions.css';

/** The fields of the order an action form reads (key-appeal direction, edit start values). */
export interface ActionOrder {
  id: number;
  isKeyAppeal: boolean;
  title: string;
  majorContent: string;
  address: string;
  callerName: string;
  callerPhone: string;
  categoryId: number | null;
  urgency: string;
  orderNature: string;
  communityUnitId: number | null;
  hostUnitId: number | null;
  remarks: string;
}

export interface ActionPanelProps {
  spec: ActionSpec;
  order: ActionOrder;
  candidates: MergeCandidate[];
  /** The caller works for a host unit (street, town, department): edits go to the host path. */
  host: boolean;
  onDone: (result: ActionResult, hostKind: string | null) => void;
  onCancel: () => void;
}

export function actionLabel(action: string, language: string): string {
  const names = ACTION_NAMES[action as ActionName];
  return names ? names[isEnglish(language) ? 'en' : 'zh'] : action;
}

/**
 * A button's label: its own (one ability, several forms) or the action's name — in English
 * with a capital, as a button or a title begins ("Sign", "Edit the remarks"; the names are
 * lower-case to sit inside sentences).
 */
export function specLabel(spec: ActionSpec, t: TFunction, language: string): string {
  const label = spec.labelKey
    ? t(`orderDetail.actions.${spec.labelKey}`)
    : actionLabel(spec.action, language);
  return isEnglish(language) ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

/**
 * One action's form. The attributes form first reads the attributes (queryOrderAttributeSjs)
 * and starts from them; the other forms start from the order the detail holds.
 */
export function ActionPanel(props: ActionPanelProps) {
  const { t } = useTranslation();
  const attributes = useQuery({
    ...attributesQuery(props.order.id),
    enabled: props.spec.form === 'attributes',
  });
  if (props.spec.form !== 'attributes') return <ActionForm {...props} />;
  if (attributes.data) return <ActionForm {...props} before={{ ...attributes.data }} />;
  return (
    <Card size="small" className="hl-action-panel" data-testid="action-panel">
      {attributes.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="action-error"
          title={attributes.error.message}
        />
      ) : (
        <Spin />
      )}
      <Button onClick={props.onCancel}>{t('orderDetail.actions.cancel')}</Button>
    </Card>
  );
}

/**
 * One action's form inside the detail: validates before sending, posts, and on a refusal shows
 * the server's message while keeping everything the user typed.
 */
function ActionForm({
  spec,
  order,
  candidates,
  host,
  onDone,
  onCancel,
  before = order as unknown as FormValues,
}: ActionPanelProps & { before?: FormValues }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  // One key per submission: sent again (a double click, a retry after a lost answer) the
  // server does it once. A new body, or an answer the server gave, starts a new key.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const hostKind = useHostKind();
  const editFields = editFormFields(spec.form, host);
  // blanks start undefined (a choice shows its placeholder); changedFields reads null, undefined
  // and '' texts alike
  const initial: FormValues =
    editFields.length > 0
      ? Object.fromEntries(editFields.map((f) => [f, before[f] ?? undefined]))
      : spec.action === 'key_appeal'
        ? { on: order.isKeyAppeal ? 0 : 1 }
        : {};

  const showErrors = (errors: FieldError[]) =>
    form.setFields(
      errors.map((e) => ({
        name: e.field,
        errors: [t(`orderDetail.form.${e.key}` as 'orderDetail.form.choose', e.params ?? {})],
      })),
    );

  // The errors are set by hand (validateAction), so antd never clears them: a field's error
  // goes as soon as the field is changed, and the next submit judges it again.
  const clearErrorsOf = (changed: Partial<FormValues>) =>
    form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));

  const submit = async () => {
    const values = { ...initial, ...form.getFieldsValue(true) } as FormValues;
    setServerError(null);
    const errors = validateAction(spec, values);
    if (errors.length > 0) return showErrors(errors);
    let endpoint = spec.endpoint;
    let body = actionBody(spec, order.id, values);
    if (editFields.length > 0) {
      const changed = changedFields(editFields, before, values);
      if (Object.keys(changed).length === 0)
        return setServerError(t('orderDetail.form.nothingChanged'));
      if (spec.form === 'edit') endpoint = editEndpoint(host);
      body = { id: order.id, ...changed };
    }
    setBusy(true);
    try {
      const files = spec.form === 'reply' ? uploadedIds(values.files) : [];
      // attach first: a retry re-attaches harmlessly, and the reply then carries its evidence
      if (files.length > 0) await attachFiles(order.id, files);
      const sent = `${endpoint.paths[0]} ${JSON.stringify(body)}`;
      if (attempt.current?.body !== sent) attempt.current = { key: newKey(), body: sent };
      const result = await postAction(endpoint, body, attempt.current.key);
      attempt.current = null;
      onDone(result, spec.form === 'dispatch' ? hostKind(values.hostUnitId) : null);
    } catch (error) {
      // no answer (the network): the same submit may be sent again under the same key
      if (!(error instanceof RequestError && error.status === 0)) attempt.current = null;
      setServerError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const name = specLabel(spec, t, i18n.language);
  return (
    <Card
      size="small"
      className="hl-action-panel"
      data-testid="action-panel"
      data-action={buttonId(spec)}
      title={name}
      onKeyDown={panelKeyDown(
        () => form.submit(),
        () => !busy && onCancel(),
      )}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={clearErrorsOf}
        onFinish={() => void submit()}
      >
        {spec.form === 'text' ? (
          <TextFields spec={spec} keyAppealOn={initial.on === 1} />
        ) : spec.form === 'reply' ? (
          <ReplyFields />
        ) : spec.form === 'visit' ? (
          <VisitFields />
        ) : spec.form === 'dispatch' ? (
          <DispatchFields />
        ) : spec.form === 'extension' ? (
          <ExtensionFields />
        ) : spec.form === 'exclusion' ? (
          <ExclusionFields />
        ) : spec.form === 'merge' ? (
          <MergeFields candidates={candidates} />
        ) : spec.form === 'edit' ? (
          <EditFields host={host} hostUnitId={order.hostUnitId} />
        ) : spec.form === 'remarks' ? (
          <RemarksFields />
        ) : spec.form === 'attributes' ? (
          <AttributeFields />
        ) : null}
        {serverError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="action-error"
            title={serverError}
          />
        ) : null}
        <Space className="hl-action-panel-buttons">
          <Button
            type="primary"
            danger={spec.tone === 'danger'}
            htmlType="submit"
            loading={busy}
            data-testid="action-submit"
          >
            {t('orderDetail.actions.submit')}
          </Button>
          <Button onClick={onCancel} disabled={busy}>
            {t('orderDetail.actions.cancel')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
