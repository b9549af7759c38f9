import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, schemaProblems, serverFieldError, type FieldProblem } from '../form-errors';

interface SafeParser {
  safeParse: Parameters<typeof schemaProblems>[0]['safeParse'];
}

/**
 * Submitting a dialog's form: the body is checked with the endpoint's schema first (errors
 * under their fields), then sent; a 400 naming a field goes under it, any other refusal is
 * shown above the buttons (`refusal`).
 */
export function useDialogForm(labels: Record<string, string>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const message = (p: FieldProblem) =>
    t(`adminOrg.errors.${p.key}`, { field: labels[p.field] ?? p.field, max: p.max });

  async function submit<R>(
    form: FormInstance,
    schema: SafeParser,
    body: Record<string, unknown>,
    send: () => Promise<R>,
  ): Promise<R | null> {
    setRefusal(null);
    form.setFields(Object.keys(labels).map((name) => ({ name, errors: [] })));
    const problems = schemaProblems(schema, body).filter((p) => p.field in labels);
    if (problems.length) {
      form.setFields(problems.map((p) => ({ name: p.field, errors: [message(p)] })));
      return null;
    }
    setBusy(true);
    try {
      return await send();
    } catch (error) {
      const onField = serverFieldError(error, Object.keys(labels));
      if (onField) form.setFields([{ name: onField.field, errors: [onField.message] }]);
      else setRefusal(errorText(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { busy, refusal, submit, clearRefusal: () => setRefusal(null) };
}
