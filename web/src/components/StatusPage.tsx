import type { ReactNode } from 'react';
import { Result, type ResultProps } from 'antd';
import { LanguageSwitch } from './LanguageSwitch';
import './status-page.css';

/** A full-page result (403, 404, no permission, not enabled…) with the language switch. */
export function StatusPage({
  status,
  title,
  subTitle,
  extra,
  children,
}: {
  status: ResultProps['status'];
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="hl-status-page">
      <div className="hl-status-top">
        <LanguageSwitch />
      </div>
      <Result status={status} title={title} subTitle={subTitle} extra={extra}>
        {children}
      </Result>
    </div>
  );
}
