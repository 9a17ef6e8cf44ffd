/**
 * Joins class names (clsx). Nothing is merged: a ui component's own styles live in Tailwind's
 * `components` layer (app/components/ui/components.css), so a utility passed as `className`
 * overrides them by the cascade, with no runtime cost (docs/decisions/008-no-tailwind-merge.md).
 */
export { clsx as cn, type ClassValue } from "clsx";
