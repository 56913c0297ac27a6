// The side panel of a game page's server-rendered shell (the classic game-shell.tsx and the phased
// ruleset-shell.tsx): the phone's grip and the tab names, drawn before any script runs and hidden
// from assistive technology, since nothing in it works until the live page replaces it.
import styles from "./game-screen.module.css";

export function ShellPanel({ label, tabs, active }: { label: string; tabs: readonly string[]; active: string }) {
  return (
    <aside className={styles.panel} aria-label={label}>
      <div className={styles.handle} aria-hidden="true">
        <span className={styles.grip} />
        Show more of the panel
      </div>
      <div className={styles.tabs} aria-hidden="true">
        <div className={styles.tabList}>
          {tabs.map((t) => (
            <span key={t} className={styles.tab} data-state={t === active ? "active" : "inactive"}>
              {t}
            </span>
          ))}
        </div>
      </div>
    </aside>
  );
}
