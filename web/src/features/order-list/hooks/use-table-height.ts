import { useEffect, useState } from 'react';

/** The table body height: the viewport minus the shell, filter bar and pager (at least 280). */
export function useTableHeight(reserved = 360): number {
  const read = () => Math.max(280, window.innerHeight - reserved);
  const [height, setHeight] = useState(read);
  useEffect(() => {
    const onResize = () => setHeight(Math.max(280, window.innerHeight - reserved));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [reserved]);
  return height;
}
