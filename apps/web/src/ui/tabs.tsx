// Tabs with PrimeReact TabView's elements and classes, so the theme draws them the same, without PrimeReact's core
// (docs/decisions.md "Web"). Like TabView: only the open panel is rendered; the arrow keys, Home and End move the
// focus between tabs and Enter or Space opens the focused one (opening a tab may clear what the other held).
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import './prime-base.css';

export type Tab = { label: string; content: ReactNode };

type Props = {
  tabs: readonly Tab[];
  active: number;
  onChange: (index: number) => void;
  className?: string;
};

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function Tabs({ tabs, active, onChange, className }: Props) {
  const id = useId();
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChange(index);
      return;
    }
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    document.getElementById(tabId(move(index, tabs.length)))?.focus();
  };

  return (
    <div className={`${className ? `${className} ` : ''}p-tabview p-component`}>
      <div className="p-tabview-nav-container">
        <div className="p-tabview-nav-content">
          <ul className="p-tabview-nav" role="tablist">
            {tabs.map((tab, index) => {
              const selected = index === active;
              return (
                <li
                  key={tab.label}
                  role="presentation"
                  className={`p-unselectable-text${selected ? ' p-tabview-selected p-highlight' : ''}`}
                >
                  <a
                    id={tabId(index)}
                    role="tab"
                    className="p-tabview-nav-link"
                    tabIndex={selected ? 0 : -1}
                    aria-selected={selected}
                    aria-controls={selected ? panelId : undefined}
                    onClick={() => onChange(index)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                  >
                    <span className="p-tabview-title">{tab.label}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="p-tabview-panels">
        <div id={panelId} className="p-tabview-panel" role="tabpanel" aria-labelledby={tabId(active)}>
          {tabs[active]?.content}
        </div>
      </div>
    </div>
  );
}
