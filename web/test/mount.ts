import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

/**
 * For component tests: `mount(node)` renders into a fresh element of the page and returns it;
 * everything mounted is unmounted and removed after each test.
 */
export function mountEach(): (node: ReactNode) => HTMLElement {
  let mounted: { root: Root; host: HTMLElement }[] = [];
  afterEach(() => {
    for (const { root, host } of mounted) {
      act(() => root.unmount());
      host.remove();
    }
    mounted = [];
  });
  return (node) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(node));
    mounted.push({ root, host });
    return host;
  };
}
