import { Monitor, Moon, Sun } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { useNonce } from "~/lib/nonce";
import { THEME_STORAGE_KEY } from "~/lib/storage-keys";

export type Theme = "light" | "dark" | "system";
const themes: readonly Theme[] = ["light", "dark", "system"];
const darkQuery = "(prefers-color-scheme: dark)";

/*
 * Runs in <head> before the body is parsed, so the first paint already has the right colours.
 * It also marks <html> with `js`, which shows the controls that need JavaScript.
 * Keep it in step with readTheme() and applyTheme() below.
 */
const themeScript = `(function(){var d=document.documentElement;d.classList.add("js");try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});var k=t==="dark"||(t!=="light"&&matchMedia(${JSON.stringify(darkQuery)}).matches);d.classList.add(k?"dark":"light")}catch(e){}})()`;

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
  const classes = document.documentElement.classList;
  classes.toggle("dark", isDark);
  classes.toggle("light", !isDark);
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
const icons = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>;

/** Header control. Needs JavaScript; without it the page follows the system (see app.css). */
export function ThemeToggle() {
  const [theme, changeTheme] = useTheme();
  return (
    <DropdownMenu>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="js-only" aria-label={`Change theme (current: ${labels[theme]})`}>
              <Sun className="dark:hidden" aria-hidden="true" />
              <Moon className="hidden dark:block" aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>Change theme</TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && changeTheme(value)}>
          {themes.map((option) => {
            const Icon = icons[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <Icon aria-hidden="true" />
                {labels[option]}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
