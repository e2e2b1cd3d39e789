import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSelector } from 'react-redux';
import { useCreateFilterStateMutation, useUpdateFilterStateMutation } from '../../../../api/dashboardApi';
import { selectDashboardState } from '../../state/dashboardStateSlice';
import { canonicalJson, maskHasValue } from './filterMasks';

/** Filter changes made in a quick run (a few Apply clicks) are stored once. */
const STORE_DELAY_MS = 250;

/** Parameters the stored key replaces: the rison masks and a permalink's key say what the key now says. */
const REPLACED_PARAMS = ['native_filters', 'permalink_key'];

/**
 * Keeps the applied filter masks in the filter_state API and its key in the address (`native_filters_key`, facts §2.5):
 * the first store of a page load creates a key (so each load has its own), later changes update it. Nothing is stored
 * before a filter has a value. `active` is false until the dashboard is loaded, and in report mode.
 */
export function useFilterStateAddress(active: boolean): void {
  const dashboardId = useSelector((s: object) => selectDashboardState(s).id);
  const dataMask = useSelector((s: object) => selectDashboardState(s).dataMask);
  const [createFilterState] = useCreateFilterStateMutation();
  const [updateFilterState] = useUpdateFilterStateMutation();
  // Each page load stores under its own tab id: the server keeps one key per tab, and a reload must make a new key
  // (the address it came from keeps naming the state it had).
  const [loadTabId] = useState(() => String(1 + Math.floor(Math.random() * 2 ** 31)));
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);
  // One record per dashboard; stores run one after another (`queue`), so a second change never makes a second key.
  const stored = useRef<{ dashboardId: number; key: string | null; text: string | null; queue: Promise<void> } | null>(null);
  const text = canonicalJson(dataMask);

  useEffect(() => {
    if (!active || dashboardId === null) return undefined;
    if (stored.current?.dashboardId !== dashboardId) stored.current = { dashboardId, key: null, text: null, queue: Promise.resolve() };
    const record = stored.current;
    if (record.text === text) return undefined;
    // A first load without any value has nothing worth a key.
    if (record.key === null && record.text === null && !Object.values(dataMask).some(maskHasValue)) return undefined;
    const value = JSON.stringify(dataMask);
    const timer = window.setTimeout(() => {
      record.queue = record.queue.then(async () => {
        record.text = text;
        let key = record.key;
        if (key) {
          const updated = await updateFilterState({ id: dashboardId, key, value, tabId: loadTabId }).unwrap().then(
            () => true,
            () => false,
          );
          if (!updated) key = null;
        }
        if (!key) {
          key = await createFilterState({ id: dashboardId, value, tabId: loadTabId }).unwrap().then(
            (answer) => answer.key,
            () => null,
          );
        }
        if (!key || stored.current !== record) return;
        record.key = key;
        const current = locationRef.current;
        const params = new URLSearchParams(current.search);
        for (const name of REPLACED_PARAMS) params.delete(name);
        if (params.get('native_filters_key') === key) return;
        params.set('native_filters_key', key);
        void navigate(`${current.pathname}?${params.toString()}${current.hash}`, { replace: true });
      });
    }, STORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [active, dashboardId, text, dataMask, createFilterState, updateFilterState, navigate, loadTabId]);
}
