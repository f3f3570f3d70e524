/** A class name, or nothing: `cond && "class"`, `cond ? "a" : undefined`. */
export type ClassValue = string | false | null | undefined;

/**
 * Joins class names, skipping empty ones. It does not resolve conflicting Tailwind utilities
 * (tailwind-merge would cost ~8 kB gzip on every page): a caller must not pass a class that fights
 * one already in the list (e.g. `px-8` to a button whose size sets `px-6`); choose between them
 * with a condition, or add a variant, instead.
 */
export function cn(...inputs: ClassValue[]) {
  return inputs.filter(Boolean).join(" ");
}
