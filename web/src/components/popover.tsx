import { useEffect, useEffectEvent } from 'react';
import type { ComponentProps, ReactNode, RefObject } from 'react';
import styles from './popover.module.css';

export type PopoverProps = Omit<ComponentProps<'div'>, 'children'> & {
  open: boolean;
  onClose: () => void;
  /** The wrapper holding both the trigger and the popover; clicks inside it do not close. */
  containerRef: RefObject<HTMLElement | null>;
  align?: 'start' | 'end';
  children: ReactNode;
};

/**
 * A non-modal floating panel under its trigger. It closes on Escape and on a
 * pointer press outside. Render it inside a `PopoverAnchor` with the trigger.
 */
export function Popover({
  open,
  onClose,
  containerRef,
  align = 'start',
  className,
  children,
  ...props
}: PopoverProps) {
  const close = useEffectEvent(onClose);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') close();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, containerRef]);

  if (!open) return null;
  return (
    <div className={`${styles.popover} ${styles[align]} ${className ?? ''}`} {...props}>
      {children}
    </div>
  );
}

export function PopoverAnchor({
  ref,
  className,
  ...props
}: ComponentProps<'div'> & { ref: RefObject<HTMLDivElement | null> }) {
  return <div ref={ref} className={`${styles.anchor} ${className ?? ''}`} {...props} />;
}
