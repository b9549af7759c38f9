import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Button, Input, Popover, Tooltip, type InputRef } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import type { TextAreaProps, TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import type { PhraseCategory } from '@hotline/domain';
import { PhrasePicker } from './PhrasePicker';
import '../phrases.css';

type Props = Omit<TextAreaProps, 'value' | 'onChange'> & {
  /** Which phrases the picker offers (its category's and the general ones). */
  category: PhraseCategory;
  value?: string;
  /** Form.Item's: takes the typing event or the new text. */
  onChange?: (value: string | ChangeEvent<HTMLTextAreaElement>) => void;
};

/** Alt+P (the physical P key, so macOS's Option+P works too) opens the picker in the field. */
export const isPickerKey = (
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code'>,
) => event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP';

/**
 * A long text field of an action form with a "常用语" button: the picked phrase goes in at the
 * cursor (or at the end when the field was never focused), the field keeps the focus. A
 * drop-in for `Input.TextArea` inside a `Form.Item`.
 */
export function PhraseTextArea({
  category,
  value,
  onChange,
  maxLength,
  onKeyDown,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<TextAreaRef>(null);
  const touched = useRef(false);
  const [open, setOpenState] = useState(false);
  // Read by the key handler: an Esc right after Alt+P comes before React has re-rendered with
  // `open`, and must still close only the picker (not cancel the whole action form).
  const openNow = useRef(false);
  const setOpen = (next: boolean) => {
    openNow.current = next;
    setOpenState(next);
  };
  const searchRef = useRef<InputRef>(null);

  const element = () => ref.current?.resizableTextArea?.textArea ?? null;
  const close = () => {
    setOpen(false);
    element()?.focus();
  };
  const insert = (text: string) => {
    const el = element();
    const current = value ?? '';
    const start = touched.current && el ? el.selectionStart : current.length;
    const end = touched.current && el ? el.selectionEnd : current.length;
    let next = current.slice(0, start) + text + current.slice(end);
    if (maxLength !== undefined) next = next.slice(0, maxLength);
    onChange?.(next);
    setOpen(false);
    const caret = Math.min(start + text.length, next.length);
    requestAnimationFrame(() => {
      const field = element();
      if (!field) return;
      field.focus();
      field.setSelectionRange(caret, caret);
      touched.current = true;
    });
  };

  return (
    <div className="hl-phrase-field">
      <Input.TextArea
        {...rest}
        ref={ref}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange?.(e)}
        onFocus={(e) => {
          touched.current = true;
          rest.onFocus?.(e);
        }}
        onKeyDown={(e) => {
          if (isPickerKey(e)) {
            e.preventDefault();
            setOpen(true);
            return;
          }
          // Esc pressed before the picker's search box took the focus closes the picker only
          // (the form's Esc handler skips a handled key).
          if (openNow.current && e.key === 'Escape') {
            e.preventDefault();
            close();
            return;
          }
          onKeyDown?.(e);
        }}
        aria-keyshortcuts="Alt+P"
      />
      <Popover
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        trigger="click"
        placement="bottomLeft"
        destroyOnHidden
        // The search box takes the keys once the picker shows. Its autoFocus runs on mounting,
        // which without an opening animation (reduced motion) is before the popover is shown.
        afterOpenChange={(shown) => shown && searchRef.current?.focus()}
        content={
          <PhrasePicker category={category} onPick={insert} onClose={close} searchRef={searchRef} />
        }
      >
        <Tooltip title={t('phrases.picker.hint')} mouseEnterDelay={0.4}>
          <Button
            size="small"
            type="link"
            className="hl-phrase-button"
            icon={<MessageOutlined />}
            aria-haspopup="dialog"
            aria-expanded={open}
            data-testid="phrase-button"
          >
            {t('phrases.picker.button')}
          </Button>
        </Tooltip>
      </Popover>
    </div>
  );
}
