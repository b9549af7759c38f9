import { useState } from 'react';
import { Avatar, Dropdown } from 'antd';
import {
  ClockCircleOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../features/auth/api';
import { clockTypes } from '../../features/clock/api';
import { ClockInDialog } from '../../features/clock/components/ClockInDialog';
import { PASSWORD_PATH } from '../guard';
import { logout } from '../session';

/**
 * The avatar menu: the user's unit, the clock-in dialog (for the right rule strings), the
 * change-password page, logout.
 */
export function UserMenu({ user, has }: { user: UserInfo; has: (rules: string) => boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [clocking, setClocking] = useState(false);
  const types = clockTypes(has);

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              type: 'group',
              label: user.info?.officeName || user.username,
            },
            ...(types.length > 0
              ? [{ key: 'clock', icon: <ClockCircleOutlined />, label: t('header.clock') }]
              : []),
            { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
            { type: 'divider' as const },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'clock') setClocking(true);
            if (key === 'password') void navigate(PASSWORD_PATH);
            if (key === 'logout') {
              void logout(() => navigate('/login', { replace: true }));
            }
          },
        }}
      >
        <button type="button" className="hl-user" aria-label={t('header.userMenu')}>
          <Avatar size={28} src={user.avatar || undefined} icon={<UserOutlined />} />
          <span className="hl-user-name">{user.realname}</span>
          <DownOutlined className="hl-user-caret" />
        </button>
      </Dropdown>
      {types.length > 0 ? (
        <ClockInDialog
          open={clocking}
          onClose={() => setClocking(false)}
          uid={user.info?.uid ?? 0}
          userName={user.username}
          types={types}
        />
      ) : null}
    </>
  );
}
