import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userCreateBody, userUpdateBody } from '@hotline/contract';
import { PERMISSIONS, USER_EXTRA_RULES } from '@hotline/domain';
import { roleTitle } from '@hotline/domain';
import { useDomainLang } from '../../../i18n';
import { RequestError } from '../../../lib/request';
import {
  refreshUsers,
  createUser,
  updateUser,
  type AdminUser,
  type CreatedUser,
  type CreateUserBody,
  type Role,
  type Unit,
  type UpdateUserBody,
} from '../api';
import {
  conflictField,
  createBody,
  issuesToProblems,
  openUnitKeys,
  serverProblems,
  unitTree,
  updateBody,
  type FormProblems,
  type IssueLike,
  type UserFormValues,
} from '../user-rules';

const FORM_ID = 'admin-user-form';
const FIELDS = [
  'username',
  'realname',
  'mobile',
  'unitId',
  'groupIds',
  'isAdmin',
  'extraRules',
] as const;
type Field = (typeof FIELDS)[number];

/** The drawer: `user` null creates a user, else edits it. */
export type FormTarget = { mode: 'create' } | { mode: 'edit'; user: AdminUser };

export interface UserFormDrawerProps {
  target: FormTarget | null;
  units: readonly Unit[];
  roles: readonly Role[];
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
}

/**
 * Create or edit a user in a drawer (full width on a phone). The body is checked with the
 * endpoint's own schema before it is sent; the server's 400 / 409 land on the named field (or
 * above the form when they name none).
 */
export function UserFormDrawer({ target, units, roles, onClose, onCreated }: UserFormDrawerProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const title =
    target?.mode === 'edit'
      ? t('adminUsers.form.editTitle', { name: target.user.realname || target.user.username })
      : t('adminUsers.form.createTitle');
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={title}
      size="min(560px, 100vw)"
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('adminUsers.form.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={busy}>
            {target?.mode === 'edit' ? t('adminUsers.form.save') : t('adminUsers.form.create')}
          </Button>
        </Space>
      }
    >
      {target && (
        <UserForm
          target={target}
          units={units}
          roles={roles}
          onClose={onClose}
          onCreated={onCreated}
          busy={busy}
          setBusy={setBusy}
        />
      )}
    </Drawer>
  );
}

function initialValues(target: FormTarget): UserFormValues {
  if (target.mode === 'create') {
    return { groupIds: [], isAdmin: false, extraRules: [] };
  }
  const u = target.user;
  return {
    username: u.username,
    realname: u.realname,
    mobile: u.mobile ?? '',
    unitId: u.unitId,
    groupIds: [...u.groupIds],
    isAdmin: u.isAdmin,
    extraRules: [...u.extraRules],
  };
}

function UserForm({
  target,
  units,
  roles,
  onClose,
  onCreated,
  busy,
  setBusy,
}: Omit<UserFormDrawerProps, 'target'> & {
  target: FormTarget;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useDomainLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<UserFormValues>();
  const [general, setGeneral] = useState<string | null>(null);
  const editing = target.mode === 'edit' ? target.user : null;

  const tree = useMemo(() => unitTree(units, { selectInactive: false }), [units]);
  const expanded = useMemo(() => openUnitKeys(tree), [tree]);
  const roleOptions = roles.map((r) => ({ value: r.id, label: roleTitle(r.title, lang === 'en') }));
  const extraOptions = USER_EXTRA_RULES.map((rule) => PERMISSIONS.find((p) => p.rule === rule))
    .filter((p) => p !== undefined)
    .map((p) => ({
      value: p.rule,
      label: lang === 'en' ? p.en : p.zh,
      hint: lang === 'en' ? p.enHint : p.zhHint,
    }));

  const fieldText = (field: string): string | null => {
    switch (field) {
      case 'username':
        return t('adminUsers.form.usernameRule');
      case 'realname':
        return t('adminUsers.form.realnameRule');
      case 'mobile':
        return t('adminUsers.form.mobileRule');
      case 'unitId':
        return t('adminUsers.form.unitRule');
      case 'groupIds':
        return t('adminUsers.form.rolesRule');
      default:
        return null;
    }
  };

  const show = (problems: FormProblems) => {
    form.setFields(
      FIELDS.map((name) => ({
        name,
        errors: problems.fields[name] ? [problems.fields[name]] : [],
      })),
    );
    setGeneral(problems.general);
    const first = FIELDS.find((f) => problems.fields[f]);
    if (first) form.scrollToField(first, { block: 'center', focus: true });
  };

  const finish = async (values: UserFormValues) => {
    setGeneral(null);
    const parsed = editing
      ? userUpdateBody.safeParse(updateBody(editing, values))
      : userCreateBody.safeParse(createBody(values));
    if (!parsed.success) {
      show(issuesToProblems(parsed.error.issues as IssueLike[], FIELDS, fieldText, lang));
      return;
    }
    setBusy(true);
    try {
      if (editing) {
        const body = parsed.data as UpdateUserBody;
        if (Object.keys(body).length > 1) await updateUser(body);
        void message.success(
          t('adminUsers.form.saved', { name: values.realname || editing.username }),
        );
      } else {
        onCreated(await createUser(parsed.data as CreateUserBody));
      }
      refreshUsers(queryClient);
      onClose();
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      const problems = serverProblems(error.message, FIELDS);
      if (error.code === 409 && Object.keys(problems.fields).length === 0) {
        // taken user name or mobile: on that field; an administrator refusal stays above
        const field = conflictField(error.message, editing ? { mobile: values.mobile } : values);
        show(field ? { fields: { [field]: error.message }, general: null } : problems);
      } else {
        show(problems);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<UserFormValues>
      id={FORM_ID}
      name="admin-user"
      form={form}
      layout="vertical"
      initialValues={initialValues(target)}
      disabled={busy}
      onFinish={(values) => void finish(values)}
      onValuesChange={(changed: Partial<Record<Field, unknown>>) => {
        // a field the user touches is no longer wrong until the next submit says so
        form.setFields(Object.keys(changed).map((name) => ({ name: name as Field, errors: [] })));
      }}
    >
      {general && (
        <Alert type="error" showIcon title={general} style={{ marginBottom: 16 }} role="alert" />
      )}
      {editing ? (
        <Form.Item label={t('adminUsers.form.username')}>
          <Typography.Text strong>{editing.username}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item
          name="username"
          label={t('adminUsers.form.username')}
          required
          extra={t('adminUsers.form.usernameHint')}
        >
          <Input autoComplete="off" maxLength={32} spellCheck={false} />
        </Form.Item>
      )}
      <Form.Item name="realname" label={t('adminUsers.form.realname')} required>
        <Input autoComplete="off" maxLength={32} />
      </Form.Item>
      <Form.Item name="mobile" label={t('adminUsers.form.mobile')}>
        <Input autoComplete="off" inputMode="tel" maxLength={11} />
      </Form.Item>
      <Form.Item name="unitId" label={t('adminUsers.form.unit')} required>
        <TreeSelect<number>
          showSearch={{ treeNodeFilterProp: 'name' }}
          treeData={tree}
          treeNodeLabelProp="name"
          treeDefaultExpandedKeys={editing ? [...expanded, editing.unitId] : expanded}
          placeholder={t('adminUsers.form.unitPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="groupIds" label={t('adminUsers.form.roles')}>
        <Select<number[]>
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('adminUsers.form.rolesPlaceholder')}
          options={roleOptions}
        />
      </Form.Item>
      <Form.Item
        name="isAdmin"
        label={t('adminUsers.form.isAdmin')}
        valuePropName="checked"
        extra={t('adminUsers.form.isAdminHint')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="extraRules"
        label={t('adminUsers.form.extraRules')}
        extra={t('adminUsers.form.extraRulesHint')}
      >
        <Checkbox.Group aria-label={t('adminUsers.form.extraRules')}>
          <Space orientation="vertical" size={8}>
            {extraOptions.map((o) => (
              <Checkbox key={o.value} value={o.value}>
                {o.label}
                <Typography.Text type="secondary" className="hl-users-hint">
                  {o.hint}
                </Typography.Text>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Form.Item>
    </Form>
  );
}
