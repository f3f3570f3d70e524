import { Monitor, Moon, Sun } from "~/components/icons";
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { Tooltip } from "~/components/ui/tooltip";
import { useNonce } from "~/lib/nonce";
import { THEME_STORAGE_KEY } from "~/lib/storage-keys";

export type Theme = "light" | "dark" | "system";
const themes: readonly Theme[] = ["light", "dark", "system"];
const darkQuery = "(prefers-color-scheme: dark)";

/*
 * Runs in <head> before the body is parsed, so the first paint already has the right colours.
 * It marks <html> with `js` (shows the controls that need JavaScript), `light` or `dark`, and
 * `data-theme` (the stored choice: light, dark or system; the theme button's icon follows it).
 * Keep it in step with readTheme() and applyTheme() below.
 */
const themeScript = `(function(){var d=document.documentElement,t;d.classList.add("js");try{t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})}catch(e){}if(t!=="light"&&t!=="dark")t="system";d.dataset.theme=t;d.classList.add(t==="dark"||(t==="system"&&matchMedia(${JSON.stringify(darkQuery)}).matches)?"dark":"light")})()`;

export function ThemeScript() {
  // The browser hides a nonce from the DOM after parsing, so hydration sees an empty one: expected.
  return <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeScript }} />;
}

function isTheme(value: unknown): value is Theme {
  return themes.includes(value as Theme);
}

export function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : "system";
  } catch {
    return "system"; // storage blocked: follow the system
  }
}

function applyTheme(theme: Theme) {
  const isDark = theme === "dark" || (theme === "system" && window.matchMedia(darkQuery).matches);
  const root = document.documentElement;
  root.classList.toggle("dark", isDark);
  root.classList.toggle("light", !isDark);
  root.dataset.theme = theme;
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the theme.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readTheme, () => "system" as const);
  return [theme, setTheme];
}

/** Keeps <html> in step with the stored choice: after changes in other tabs, and with the system on "system". */
export function useThemeSync() {
  useEffect(() => {
    // Read storage rather than React state: during hydration the state still holds the server's "system".
    const apply = () => applyTheme(readTheme());
    apply();
    const media = window.matchMedia(darkQuery);
    media.addEventListener("change", apply);
    const unsubscribe = subscribe(apply);
    return () => {
      media.removeEventListener("change", apply);
      unsubscribe();
    };
  }, []);
}

const labels: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
const nextTheme: Record<Theme, Theme> = { light: "dark", dark: "system", system: "light" };

/**
 * Header control: one button that steps through Light, Dark and System. Its name says the current
 * choice and its tooltip the next. The icon is the stored choice, drawn by CSS from <html data-theme>
 * (set by the <head> script), so it is right before React hydrates. Needs JavaScript; without it
 * the page follows the system (see app.css).
 */
export function ThemeToggle() {
  const [theme, changeTheme] = useTheme();
  return (
    <Tooltip content={`Change theme (next: ${labels[nextTheme[theme]]})`} className="js-only">
      {(describedBy) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Change theme (current: ${labels[theme]})`}
          aria-describedby={describedBy}
          onClick={() => changeTheme(nextTheme[theme])}
        >
          <Sun className="hidden in-data-[theme=light]:block" />
          <Moon className="hidden in-data-[theme=dark]:block" />
          <Monitor className="hidden in-data-[theme=system]:block" />
        </Button>
      )}
    </Tooltip>
  );
}
