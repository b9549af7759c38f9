import { describe, expect, it } from 'vitest';
import { ACTION_KEYS, DETAIL_KEYS, actionKey, isTypingTarget } from '../src/features/shortcuts';
import { isPickerKey } from '../src/features/phrases';

describe('keyboard shortcuts', () => {
  it('never fire while the focus is in something one types into', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild as HTMLElement;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input>'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    expect(isTypingTarget(make('<div role="combobox"></div>'))).toBe(true);
    const editable = make('<div contenteditable="true"></div>');
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button>x</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('every action key is listed in the help, and each key means one kind of action', () => {
    const listed = new Set(DETAIL_KEYS.flatMap((line) => line.keys));
    const listedKeys = listed as Set<string>;
    for (const key of Object.values(ACTION_KEYS)) expect(listedKeys.has(key)).toBe(true);
    expect(actionKey('host_sign')).toBe('s');
    expect(actionKey('approve_extension')).toBe(actionKey('approve_reply'));
    expect(actionKey('merge')).toBeUndefined();
    // The list's keys and the phrase picker's Alt+P are not action keys.
    for (const key of ['j', 'k', 'p', '?']) {
      expect(Object.values(ACTION_KEYS)).not.toContain(key);
    }
  });

  it('Alt+P opens the phrase picker (by the physical key), nothing else does', () => {
    const base = { altKey: false, ctrlKey: false, metaKey: false, code: 'KeyP' };
    expect(isPickerKey({ ...base, altKey: true })).toBe(true);
    expect(isPickerKey(base)).toBe(false);
    expect(isPickerKey({ ...base, altKey: true, ctrlKey: true })).toBe(false);
    expect(isPickerKey({ ...base, altKey: true, code: 'KeyO' })).toBe(false);
  });
});
