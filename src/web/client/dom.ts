/** Small typed helpers over the DOM, so a missing or mistyped element fails loudly at start. */

export function byId<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return element;
}

/** Sets a message element's text and its tone (error, ok or neutral). */
export function say(element: HTMLElement, text: string, tone: 'error' | 'ok' | 'neutral' = 'neutral'): void {
  element.textContent = text;
  element.classList.toggle('error', tone === 'error');
  element.classList.toggle('ok', tone === 'ok');
}

/** True when keys typed go to a form control, where arrow keys and letters must keep their own meaning. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return target.type !== 'radio' && target.type !== 'checkbox';
  return false;
}
