import { Spin } from 'antd';

/** Shown while a route chunk or the session loads. */
export function PageSpin() {
  return <Spin fullscreen size="large" />;
}
