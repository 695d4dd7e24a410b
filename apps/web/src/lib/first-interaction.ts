/**
 * What says a person is using the page: a press, a key, or a field filled without either (a password manager's
 * fill), not the focus a page gives its first field itself.
 */
const interactions = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Calls `callback` once, at the first press, key stroke or filled field on `target`: what a page only needs once
 * someone acts on it is fetched then, not during the first load. Returns a function that cancels the wait.
 */
export function onFirstInteraction(target: EventTarget, callback: () => void): () => void {
  const stop = () => {
    for (const type of interactions) target.removeEventListener(type, fire, { capture: true });
  };
  function fire() {
    stop();
    callback();
  }
  for (const type of interactions) target.addEventListener(type, fire, { capture: true, passive: true });
  return stop;
}
