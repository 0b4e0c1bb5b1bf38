/**
 * The login page's HTML carries the form (the build's markup, login-markup.tsx), which takes input before the
 * portal's scripts have run. When they have, React renders the same form over it: what was typed, and which
 * field had the caret where, go over to it. main.tsx reads them and renders in one task, so no key falls between.
 */
import type { LoginValues } from './login-page.tsx';

export interface TypedBeforeStart {
  values: LoginValues;
  /** The field that had the focus, and its selection. */
  focus: { id: string; start: number | null; end: number | null } | null;
}

/** What the form in `root`'s markup holds now; null when `root` carries no login form. */
export function readTypedBeforeStart(root: HTMLElement): TypedBeforeStart | null {
  const id = root.querySelector<HTMLInputElement>('input#login-id');
  const password = root.querySelector<HTMLInputElement>('input#login-password');
  if (!id || !password) return null;
  const active = [id, password].find((field) => field === document.activeElement);
  const focus = active ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
  return { values: { digit9Id: id.value, password: password.value }, focus };
}

/** Puts the caret back where it was, in the field React rendered in place of the markup's. */
export function restoreTypingFocus(typed: TypedBeforeStart): void {
  if (!typed.focus) return;
  const field = document.getElementById(typed.focus.id);
  if (!(field instanceof HTMLInputElement)) return;
  field.focus();
  if (typed.focus.start !== null && typed.focus.end !== null) field.setSelectionRange(typed.focus.start, typed.focus.end);
}
