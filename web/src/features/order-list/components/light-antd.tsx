import {
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Tag } from 'antd';

/**
 * antd's Tag and Checkbox as plain elements, for the cells of the order table.
 *
 * Each antd Tag or Checkbox runs antd's style hooks (theme token, style registration, semantic
 * class merging: about twenty hooks) when it mounts; a virtual-row scroll frame mounts a few
 * dozen of them. What they render is plain markup with antd's class names plus two theme
 * classes (the style hash and the CSS-variable scope), so the cells render that markup
 * directly. The theme classes are read once from a real, hidden Tag that the table keeps
 * mounted — which also keeps antd's tag styles registered; the table's header checkbox keeps
 * the checkbox styles registered. Until the classes are known the cells use antd's own Tag.
 */

/** antd's theme classes: the style hash (`css-…`) and the CSS-variable scope (`css-var-…`). */
export interface ThemeClasses {
  hash: string;
  cssVar: string;
}

/** The theme classes among an antd element's classes. */
export function themeClassesOf(className: string): ThemeClasses {
  const classes = className.split(/\s+/);
  return {
    hash: classes.find((c) => c.startsWith('css-') && !c.startsWith('css-var-')) ?? '',
    cssVar: classes.find((c) => c.startsWith('css-var-')) ?? '',
  };
}

/**
 * The theme classes of this table's antd theme (null until the hidden probe has rendered), and
 * the probe to render.
 */
export function useThemeClasses(): [ThemeClasses | null, ReactElement] {
  const [classes, setClasses] = useState<ThemeClasses | null>(null);
  const probe = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const element = probe.current;
    if (!element) return;
    const read = () => {
      const next = themeClassesOf(element.className);
      setClasses((prev) =>
        prev && prev.hash === next.hash && prev.cssVar === next.cssVar ? prev : next,
      );
    };
    read();
    // a theme change gives the probe other classes
    const observer = new MutationObserver(read);
    observer.observe(element, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  const element = (
    <Tag ref={probe} color="blue" className="hl-theme-probe" style={{ display: 'none' }} />
  );
  return [classes, element];
}

/**
 * A filled antd Tag (`<Tag color={color}>`) as a plain span; antd's own Tag until the theme
 * classes are known. `color`: a preset colour name, or none.
 */
export function lightTag(
  theme: ThemeClasses | null | undefined,
  color: string | undefined,
  children: ReactNode,
  attrs: Record<string, unknown> = {},
  key?: string,
): ReactElement {
  if (!theme) {
    return (
      <Tag key={key} color={color} {...attrs}>
        {children}
      </Tag>
    );
  }
  const colorCls = color ? ` ant-tag-${color}` : '';
  return (
    <span
      key={key}
      {...attrs}
      className={`ant-tag ant-tag-filled${colorCls} ${theme.hash} ${theme.cssVar}`}
    >
      {children}
    </span>
  );
}

/** The props antd's row selection gives its row checkbox (`rowSelection.renderCell`'s node). */
interface SelectionCheckboxProps {
  checked?: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  onClick?: (event: MouseEvent<HTMLInputElement>) => void;
  onChange?: (event: {
    target: Record<string, unknown> & { checked: boolean };
    stopPropagation: () => void;
    preventDefault: () => void;
    nativeEvent: Event;
  }) => void;
}

/**
 * antd's row-selection checkbox as plain markup (`rowSelection.renderCell`), calling the same
 * handlers antd gave its own Checkbox (shift-click range selection included).
 */
export function lightSelectionCheckbox(theme: ThemeClasses, originNode: ReactNode): ReactNode {
  if (!originNode || typeof originNode !== 'object' || !('props' in originNode)) {
    return originNode;
  }
  const props = (originNode as ReactElement<SelectionCheckboxProps>).props;
  const checked = Boolean(props.checked);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    props.onChange?.({
      target: { ...props, type: 'checkbox', checked: event.target.checked },
      stopPropagation: () => event.stopPropagation(),
      preventDefault: () => event.preventDefault(),
      nativeEvent: event.nativeEvent,
    });
  };
  let wrapper = 'ant-checkbox-wrapper';
  if (checked) wrapper += ' ant-checkbox-wrapper-checked';
  if (props.disabled) wrapper += ' ant-checkbox-wrapper-disabled';
  let box = 'ant-checkbox';
  if (props.indeterminate) box += ' ant-checkbox-indeterminate';
  box += ` ant-wave-target ${theme.hash}`;
  if (checked) box += ' ant-checkbox-checked';
  if (props.disabled) box += ' ant-checkbox-disabled';
  return (
    <label className={`${wrapper} ${theme.cssVar} ant-checkbox-css-var ${theme.hash}`}>
      <span className={box}>
        <input
          aria-label={props['aria-label']}
          className="ant-checkbox-input"
          type="checkbox"
          checked={checked}
          disabled={props.disabled}
          onClick={props.onClick}
          onChange={onChange}
        />
      </span>
    </label>
  );
}
