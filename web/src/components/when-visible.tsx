import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the placeholder comes within `margin` of the
 * viewport, so code and data for content below the fold load only when the
 * reader scrolls towards it.
 */
export function WhenVisible({
  children,
  minHeight,
  margin = '600px',
}: {
  children: ReactNode;
  /** Space kept for the content so the page does not jump. */
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const node = ref.current;
    if (visible || !node) return;
    const observer = new IntersectionObserver(
      (items) => {
        if (items.some((i) => i.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, margin]);

  if (visible) return <Suspense fallback={<div style={{ minHeight }} />}>{children}</Suspense>;
  return <div ref={ref} style={{ minHeight }} />;
}
