import { lazy, type ComponentType } from 'react';

/** `React.lazy` for a page module with a named export: one chunk per page. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(loader: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await loader();
    return { default: module[name] as ComponentType };
  });
}
