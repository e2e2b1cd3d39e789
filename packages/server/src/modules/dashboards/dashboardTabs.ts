import { parseJsonMetadata, ROOT_ID } from '@tessera/core';

/** A TAB of the layout as `/tabs` answers it: the component with its title, and the tabs nested under it. */
export interface DashboardTabNode {
  id: string;
  type: 'TAB';
  title: string;
  value: string;
  parents: string[];
  meta: Record<string, unknown>;
  children: DashboardTabNode[];
}

export interface DashboardTabs {
  all_tabs: Record<string, string>;
  tab_tree: DashboardTabNode[];
}

type Raw = { type?: unknown; children?: unknown; meta?: unknown; parents?: unknown };

/**
 * Superset's Dashboard.tabs: TABS components found from ROOT_ID through ROOT, GRID and TAB components (a TAB's
 * rows are not searched, as Superset's walk does not), each TAB with its title. A broken layout gives no tabs.
 */
export function dashboardTabs(positionJson: string | null): DashboardTabs {
  const out: DashboardTabs = { all_tabs: {}, tab_tree: [] };
  // parseJsonMetadata reads any JSON object text and gives {} for anything else.
  const layout = parseJsonMetadata(positionJson) as Record<string, Raw>;
  const node = (id: unknown): Raw | null => (typeof id === 'string' && typeof layout[id] === 'object' && layout[id] !== null ? layout[id] : null);
  const childIds = (raw: Raw): unknown[] => (Array.isArray(raw.children) ? raw.children : []);
  const seen = new Set<string>();

  const walk = (id: string, into: DashboardTabNode[]): void => {
    const raw = node(id);
    // A component is visited once: a hostile layout with a cycle must not loop.
    if (!raw || seen.has(id)) return;
    seen.add(id);
    if (raw.type === 'ROOT' || raw.type === 'GRID') {
      for (const child of childIds(raw)) if (typeof child === 'string') walk(child, into);
    } else if (raw.type === 'TABS') {
      for (const child of childIds(raw)) {
        const tab = node(child);
        if (typeof child !== 'string' || !tab || tab.type !== 'TAB' || seen.has(child)) continue;
        seen.add(child);
        const meta = (typeof tab.meta === 'object' && tab.meta !== null ? tab.meta : {}) as Record<string, unknown>;
        const title = typeof meta.text === 'string' ? meta.text : '';
        const entry: DashboardTabNode = {
          id: child,
          type: 'TAB',
          title,
          value: child,
          parents: Array.isArray(tab.parents) ? tab.parents.filter((p): p is string => typeof p === 'string') : [],
          meta,
          children: [],
        };
        out.all_tabs[child] = title;
        into.push(entry);
        for (const grandChild of childIds(tab)) if (typeof grandChild === 'string') walk(grandChild, entry.children);
      }
    }
  };
  walk(ROOT_ID, out.tab_tree);
  return out;
}
