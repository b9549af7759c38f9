import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETAIL_KEYS, LIST_KEYS } from './keys';
import './shortcuts.css';

type Line = { readonly keys: readonly string[]; readonly label: string };

function Table({ title, lines }: { title: string; lines: readonly Line[] }) {
  return (
    <section>
      <Typography.Title level={2} className="hl-keys-title">
        {title}
      </Typography.Title>
      <table className="hl-keys">
        <tbody>
          {lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">
                {line.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0
                      ? line.keys[0] === 'Ctrl' || line.keys[0] === 'Alt'
                        ? ' + '
                        : ' / '
                      : ''}
                    <kbd>{k}</kbd>
                  </span>
                ))}
              </th>
              <td>{line.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The `?` dialog: the shortcuts of the queue list and of the order detail; Esc closes. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  // The dialog is a portal inside the list or the detail: its keys stop here, so Esc closes
  // this dialog only (not the detail dialog behind it too).
  return (
    <div
      className="hl-keys-host"
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
    >
      <Modal
        open={open}
        title={t('shortcuts.title')}
        onCancel={onClose}
        footer={null}
        width={520}
        destroyOnHidden
        data-testid="shortcut-help"
      >
        <div data-testid="shortcut-help-body">
          <Table
            title={t('shortcuts.listTitle')}
            lines={LIST_KEYS.map((l) => ({ keys: l.keys, label: t(`shortcuts.list.${l.what}`) }))}
          />
          <Table
            title={t('shortcuts.detailTitle')}
            lines={DETAIL_KEYS.map((l) => ({
              keys: l.keys,
              label: t(`shortcuts.detail.${l.what}`),
            }))}
          />
          <Typography.Paragraph type="secondary">{t('shortcuts.note')}</Typography.Paragraph>
        </div>
      </Modal>
    </div>
  );
}
