import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHRASE_CATEGORIES, PHRASE_TEXT_MAX, type PhraseCategory } from '@hotline/domain';
import type { Phrase } from '../api';

interface Values {
  category: PhraseCategory;
  text: string;
  sort?: number | null;
}

/**
 * Add or edit one phrase. Enter in the text makes a new line; Ctrl+Enter there, Enter in the
 * order field, or the OK button saves; Esc closes. The server's refusal shows in the dialog.
 */
export function PhraseDialog({
  open,
  phrase,
  onSave,
  onClose,
}: {
  open: boolean;
  /** The phrase to edit, or null to add one. */
  phrase: Phrase | null;
  onSave: (values: Values) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      phrase
        ? { category: phrase.category, text: phrase.text, sort: phrase.sort }
        : { category: 'any', text: '', sort: null },
    );
  }, [open, phrase, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      await onSave(values);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={phrase ? t('phrases.edit') : t('phrases.add')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'phrase-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item name="category" label={t('phrases.category')} rules={[{ required: true }]}>
          <Select
            data-testid="phrase-category"
            options={PHRASE_CATEGORIES.map((c) => ({
              value: c,
              label: t(`phrases.categories.${c}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('phrases.text')}
          rules={[{ required: true, whitespace: true, message: t('phrases.textRequired') }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={PHRASE_TEXT_MAX}
            showCount
            autoFocus
            data-testid="phrase-text"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void submit();
              }
            }}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('phrases.sort')}>
          <InputNumber
            min={0}
            max={9999}
            precision={0}
            data-testid="phrase-sort"
            onPressEnter={() => void submit()}
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} data-testid="phrase-error" /> : null}
      </Form>
    </Modal>
  );
}
