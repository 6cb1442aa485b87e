import { useLayoutEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import styles from './tabs.module.css';

/**
 * Scrolls a tab strip sideways so its active tab is in full view (on a narrow
 * screen the strip scrolls and the active tab may start out of sight). A tab
 * already in view stays put; one out of view is brought to the middle.
 */
function useActiveTabInView(activeSelector: string, key: string) {
  const strip = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = strip.current;
    const tab = el?.querySelector<HTMLElement>(activeSelector);
    if (!el || !tab) return;
    const box = el.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    if (at.left >= box.left && at.right <= box.right) return;
    el.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
  }, [activeSelector, key]);
  return strip;
}

export interface TabLinkItem {
  to: string;
  label: ReactNode;
  /** Match the path exactly (for an index tab). */
  end?: boolean;
}

/**
 * Sub-route navigation styled as tabs. These are links (each tab is its own
 * URL), so they use navigation semantics with aria-current, not role=tab.
 */
export function TabLinks({ items, label }: { items: TabLinkItem[]; label: string }) {
  const { pathname } = useLocation();
  const strip = useActiveTabInView('[aria-current="page"]', pathname);
  return (
    <nav ref={strip} aria-label={label} className={styles.tabs}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={styles.tab}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for ids that tie each tab to its `TabPanel`. */
  idPrefix: string;
}

export const tabId = (prefix: string, value: string) => `${prefix}-tab-${value}`;
export const panelId = (prefix: string, value: string) => `${prefix}-panel-${value}`;

/** In-page tabs (WAI-ARIA tabs pattern with automatic activation). */
export function Tabs<T extends string>({ items, value, onChange, label, idPrefix }: TabsProps<T>) {
  const strip = useActiveTabInView('[aria-selected="true"]', value);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const item = items[next];
    if (!item) return;
    event.preventDefault();
    onChange(item.value);
    document.getElementById(tabId(idPrefix, item.value))?.focus();
  }

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={label}
      className={styles.tabs}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={tabId(idPrefix, item.value)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.value)}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.value)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  value,
  children,
}: {
  idPrefix: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={panelId(idPrefix, value)} aria-labelledby={tabId(idPrefix, value)}>
      {children}
    </div>
  );
}
