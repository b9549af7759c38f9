import { useCallback, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { Grid, Modal, Tooltip } from 'antd';
import {
  CloseOutlined,
  CompressOutlined,
  ExpandOutlined,
  MinusOutlined,
  BorderOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './draggable-dialog.css';

/** Dialog widths used by the console (spec section 2). */
export const DIALOG_WIDTHS = [1400, 1100, 1000, 900, 780, 600] as const;
export type DialogWidth = (typeof DIALOG_WIDTHS)[number];
export type DialogState = 'normal' | 'fullscreen' | 'minimized';

export interface DraggableDialogProps {
  open: boolean;
  title: ReactNode;
  width?: DialogWidth;
  onClose: () => void;
  footer?: ReactNode;
  children: ReactNode;
  /** Starting state; the title-bar buttons change it. */
  initialState?: DialogState;
}

interface Offset {
  x: number;
  y: number;
}

/**
 * A dialog that can be dragged by its title bar, shown full screen or minimised to a bar in the
 * bottom-right corner. Dragging is limited to the viewport so the title bar stays reachable.
 * On a phone (narrower than antd's sm, 576 px) a normal dialog is shown full screen.
 */
export function DraggableDialog({
  open,
  title,
  width = 900,
  onClose,
  footer,
  children,
  initialState = 'normal',
}: DraggableDialogProps) {
  const { t } = useTranslation();
  const [chosen, setState] = useState<DialogState>(initialState);
  const phone = Grid.useBreakpoint().sm === false;
  const state: DialogState = phone && chosen === 'normal' ? 'fullscreen' : chosen;
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ start: Offset; origin: Offset; box: DOMRect } | null>(null);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if (state !== 'normal' || (event.target as HTMLElement).closest('button')) return;
      const box = (
        event.currentTarget.closest('.ant-modal') as HTMLElement | null
      )?.getBoundingClientRect();
      if (!box) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { start: { x: event.clientX, y: event.clientY }, origin: offset, box };
    },
    [offset, state],
  );
  const onPointerMove = useCallback((event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const { box, start, origin } = current;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    // keep the dialog inside the viewport
    const minX = origin.x - box.left;
    const maxX = origin.x + (window.innerWidth - box.right);
    const minY = origin.y - box.top;
    const maxY = origin.y + (window.innerHeight - box.top - 48);
    setOffset({
      x: Math.min(maxX, Math.max(minX, origin.x + dx)),
      y: Math.min(maxY, Math.max(minY, origin.y + dy)),
    });
  }, []);
  const onPointerUp = useCallback(() => {
    drag.current = null;
  }, []);

  const toggle = (next: DialogState) => setState((s) => (s === next ? 'normal' : next));
  const header = (
    <div
      className="hl-dialog-titlebar"
      data-testid="dialog-titlebar"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      <span className="hl-dialog-title">{title}</span>
      <span className="hl-dialog-actions">
        <Tooltip title={state === 'minimized' ? t('dialog.restore') : t('dialog.minimize')}>
          <button
            type="button"
            aria-label={state === 'minimized' ? t('dialog.restore') : t('dialog.minimize')}
            onClick={() => toggle('minimized')}
          >
            {state === 'minimized' ? <BorderOutlined /> : <MinusOutlined />}
          </button>
        </Tooltip>
        {phone ? null : (
          <Tooltip
            title={state === 'fullscreen' ? t('dialog.exitFullscreen') : t('dialog.fullscreen')}
          >
            <button
              type="button"
              aria-label={
                state === 'fullscreen' ? t('dialog.exitFullscreen') : t('dialog.fullscreen')
              }
              onClick={() => toggle('fullscreen')}
            >
              {state === 'fullscreen' ? <CompressOutlined /> : <ExpandOutlined />}
            </button>
          </Tooltip>
        )}
        <Tooltip title={t('dialog.close')}>
          <button type="button" aria-label={t('dialog.close')} onClick={onClose}>
            <CloseOutlined />
          </button>
        </Tooltip>
      </span>
    </div>
  );

  const transform = state === 'normal' ? `translate(${offset.x}px, ${offset.y}px)` : undefined;
  return (
    <Modal
      open={open}
      title={header}
      closable={false}
      footer={state === 'minimized' ? null : footer}
      onCancel={onClose}
      mask={state === 'minimized' ? false : undefined}
      maskClosable={false}
      width={state === 'fullscreen' ? '100vw' : state === 'minimized' ? 320 : width}
      wrapClassName={`hl-dialog-wrap is-${state}`}
      className={`hl-dialog is-${state}`}
      data-state={state}
      modalRender={(node) => (
        <div className="hl-dialog-frame" data-state={state} style={{ transform }}>
          {node}
        </div>
      )}
      afterClose={() => {
        setState(initialState);
        setOffset({ x: 0, y: 0 });
      }}
    >
      {children}
    </Modal>
  );
}
