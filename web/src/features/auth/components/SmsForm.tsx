import { useEffect, useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isMobile } from '@hotline/domain';
import { loginBySms, sendSmsCode } from '../api';
import { useLoginSuccess } from './use-login-success';

interface SmsValues {
  mobile: string;
  code: string;
}

/** The server allows one code per number every 60 s. */
export const RESEND_SECONDS = 60;

/** Mobile number and SMS code; the send button counts down before a resend. */
export function SmsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SmsValues>();
  const [wait, setWait] = useState(0);
  const onSuccess = useLoginSuccess();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = useMutation({
    mutationFn: sendSmsCode,
    onSuccess: () => {
      setWait(RESEND_SECONDS);
      void message.success(t('login.smsSent'));
    },
  });
  const login = useMutation({ mutationFn: loginBySms, onSuccess });

  const onSend = async () => {
    try {
      const { mobile } = await form.validateFields(['mobile']);
      send.mutate(mobile.trim());
    } catch {
      // the field shows its message
    }
  };

  return (
    <Form<SmsValues>
      form={form}
      name="sms"
      size="large"
      disabled={login.isPending}
      onFinish={(values) =>
        login.mutate({ mobile: values.mobile.trim(), code: values.code.trim() })
      }
    >
      <Form.Item
        name="mobile"
        rules={[
          {
            validator: (_, value: string | undefined) =>
              isMobile((value ?? '').trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('login.mobileInvalid'))),
          },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.mobile')}
          aria-label={t('login.mobile')}
          autoComplete="tel"
          inputMode="numeric"
          maxLength={11}
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('login.codeEmpty') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('login.code')}
              aria-label={t('login.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
            />
          </Form.Item>
          <Button
            className="hl-sms-send"
            disabled={wait > 0}
            loading={send.isPending}
            onClick={() => void onSend()}
          >
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
