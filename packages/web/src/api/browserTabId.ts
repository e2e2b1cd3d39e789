const STORAGE_KEY = 'tessera_tab_id';
let fallback: string | null = null;

/**
 * A number naming this browser tab for the server's per-tab state (Superset's `tab_id` of the explore
 * form-data cache): it survives reloads of the tab (sessionStorage) and differs between tabs.
 */
export function browserTabId(): string {
  try {
    let id = window.sessionStorage.getItem(STORAGE_KEY);
    if (!id) {
      id = String(1 + Math.floor(Math.random() * 2 ** 31));
      window.sessionStorage.setItem(STORAGE_KEY, id);
    }
    return id;
  } catch {
    // Storage can be disabled; the page then keeps one id for its lifetime.
    fallback ??= String(1 + Math.floor(Math.random() * 2 ** 31));
    return fallback;
  }
}
