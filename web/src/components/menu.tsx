import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Popover, PopoverAnchor } from './popover';
import styles from './menu.module.css';

export type MenuItem =
  | { kind?: 'link'; key: string; label: string; icon?: ReactNode; to: string }
  | { kind: 'action'; key: string; label: string; icon?: ReactNode; onSelect: () => void }
  | { kind: 'separator'; key: string };

export interface MenuProps {
  /** Accessible name of the trigger button, e.g. 'Account menu'. */
  label: string;
  /** What the trigger shows (an avatar, an icon, text). */
  trigger: ReactNode;
  items: MenuItem[];
  /** Optional non-interactive block at the top (e.g. who is signed in). */
  heading?: ReactNode;
  align?: 'start' | 'end';
  triggerClassName?: string;
}

/**
 * A menu button after the WAI-ARIA pattern: Enter, Space or ArrowDown opens it
 * on the first item, ArrowUp on the last; arrows, Home and End move; a letter
 * jumps to the next item starting with it; Escape closes and returns focus.
 */
export function Menu({
  label,
  trigger,
  items,
  heading,
  align = 'end',
  triggerClassName,
}: MenuProps) {
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  function openMenu(focus: 'first' | 'last') {
    setOpen(true);
    // Items exist after this render commits.
    requestAnimationFrame(() => {
      const list = menuItems();
      (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    });
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (moveMenuFocus(event, menuItems())) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <PopoverAnchor ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={`${styles.trigger} ${triggerClassName ?? ''}`}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      <Popover open={open} onClose={() => close(false)} containerRef={anchorRef} align={align}>
        {heading && <div className={styles.heading}>{heading}</div>}
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) => {
            if (item.kind === 'separator') {
              return <div key={item.key} role="separator" className={styles.separator} />;
            }
            if (item.kind === 'action') {
              return (
                <button
                  key={item.key}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.item}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.icon}
                  {item.label}
                </button>
              );
            }
            return (
              <Link
                key={item.key}
                to={item.to}
                role="menuitem"
                tabIndex={-1}
                className={styles.item}
                onClick={() => close(false)}
              >
                {item.icon}
                {item.label}
              </Link>
            );
          })}
        </div>
      </Popover>
    </PopoverAnchor>
  );
}

/**
 * Focus moves of a menu's items: arrows (wrapping), Home and End, and a
 * letter jumps to the next item starting with it. Returns whether the key
 * was one of them.
 */
export function moveMenuFocus(event: KeyboardEvent, items: HTMLElement[]): boolean {
  const index = items.indexOf(document.activeElement as HTMLElement);
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    Home: 0,
    End: items.length - 1,
  };
  const to = moves[event.key];
  if (to !== undefined) {
    event.preventDefault();
    items[(to + items.length) % items.length]?.focus();
    return true;
  }
  if (event.key.length === 1 && /\S/.test(event.key)) {
    const letter = event.key.toLowerCase();
    const order = [...items.slice(index + 1), ...items.slice(0, index + 1)];
    order.find((el) => el.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    return true;
  }
  return false;
}
