"use client";
// The side panel's tabs (WAI-ARIA tabs: a tablist of buttons, one panel each, arrow keys move between
// them and select). The game page renders on every request: this small set of elements costs its
// server render a fraction of a general tabs library's (contexts, collections, roving focus groups,
// presence and ref slots per tab), and nothing of such a library is in the page's first-load JavaScript.
import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from "react";

interface TabsState {
  value: string;
  select: (value: string) => void;
  baseId: string;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error("A tab outside PanelTabs");
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export function PanelTabs({ value, onValueChange, className, children }: { value: string; onValueChange: (value: string) => void; className?: string; children: ReactNode }) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, select: onValueChange, baseId }}>
      <div className={className} data-orientation="horizontal">
        {children}
      </div>
    </TabsContext.Provider>
  );
}

// Left and right (Home and End) move the focus to the next tab and show its panel.
function moveFocus(e: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const to = e.key === "ArrowRight" ? (at + 1) % tabs.length : e.key === "ArrowLeft" ? (at - 1 + tabs.length) % tabs.length : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : -1;
  if (to < 0) return;
  e.preventDefault();
  tabs[to]!.focus();
  tabs[to]!.click();
}

export function PanelTabList({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  return (
    <div role="tablist" aria-orientation="horizontal" aria-label={label} className={className} onKeyDown={moveFocus}>
      {children}
    </div>
  );
}

/** `panelId`: the id its panel was given (PanelTabContent's `id`), when not the generated one. */
export function PanelTab({ value, className, testId, panelId, children }: { value: string; className?: string; testId?: string; panelId?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId ?? contentId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      tabIndex={selected ? 0 : -1}
      className={className}
      data-testid={testId}
      // Shown on the press of the button, as soon as the pointer goes down; keys and clicks too.
      onMouseDown={(e) => {
        if (e.button === 0 && !e.ctrlKey) tabs.select(value);
      }}
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

/** `keepMounted`: the panel stays in the page while another is shown (its drafts and live counts kept). */
export function PanelTabContent({ value, keepMounted = false, className, id, children }: { value: string; keepMounted?: boolean; className?: string; id?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  if (!selected && !keepMounted) return null;
  return (
    <div
      role="tabpanel"
      id={id ?? contentId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
}
