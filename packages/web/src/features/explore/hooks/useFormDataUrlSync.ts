import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { useCreateExploreFormDataMutation, useUpdateExploreFormDataMutation } from '../../../api/exploreApi';
import { formDataStored, type ExploreState } from '../state/exploreSlice';
import { useExploreDispatch, useExploreState } from '../state/ExploreContext';
import { exploreAddress } from '../utils/exploreAddress';

/** Wait after the last change before storing, so typing does not make one request per keystroke. */
export const STORE_DELAY_MS = 1000;

const hrefOf = (location: Pick<Location, 'pathname' | 'search'>) => `${location.pathname}${location.search}`;

interface Stored {
  epoch: number;
  key: string | null;
  text: string;
}

/**
 * Keeps the controls in the address as Superset does: after a change (debounced) they are stored in the form-data
 * cache (POST, then PUT to the current key, which may answer a new one) and the address becomes
 * `?form_data_key=K&...` by replacing the history entry, so reload, back/forward and copied addresses keep the work.
 */
export function useFormDataUrlSync(): void {
  const state = useExploreState();
  const dispatch = useExploreDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [createFormData] = useCreateExploreFormDataMutation();
  const [updateFormData] = useUpdateExploreFormDataMutation();

  // Read by the store when it runs, which is after the render that scheduled it.
  const latest = useRef<{ state: ExploreState; location: Location }>({ state, location });
  useEffect(() => {
    latest.current = { state, location };
  });
  // What was stored last, known before the state catches up, so stores queued back to back do not repeat it.
  const lastStored = useRef<Stored | null>(null);
  // The address the explorer wrote last: seeing it is no sign that the user went elsewhere.
  const lastWritten = useRef<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const storeLatest = useCallback(async () => {
    const { state: current, location: startedAt } = latest.current;
    const startedHere = hrefOf(startedAt);
    const { formData, datasource, slice, address } = current;
    if (!mounted.current || !datasource || typeof datasource.id !== 'number' || address.storedFormData === null) return;
    const base: Stored =
      lastStored.current?.epoch === address.epoch
        ? lastStored.current
        : { epoch: address.epoch, key: address.keys.at(-1) ?? null, text: JSON.stringify(address.storedFormData) };
    const text = JSON.stringify(formData);
    if (text === base.text) return;
    const body = { datasource_id: datasource.id, datasource_type: datasource.type, chart_id: slice?.slice_id ?? null, form_data: text };
    let key: string;
    try {
      if (base.key) {
        try {
          key = (await updateFormData({ key: base.key, ...body }).unwrap()).key ?? base.key;
        } catch {
          // Expired, or another user's key (a shared address): start a key of our own.
          key = (await createFormData(body).unwrap()).key;
        }
      } else {
        key = (await createFormData(body).unwrap()).key;
      }
    } catch {
      return; // Not stored (no permission, server down): the next change tries again.
    }
    lastStored.current = { epoch: address.epoch, key, text };
    const now = latest.current;
    // A load, a save or a navigation happened meanwhile: this address no longer describes the page.
    const here = hrefOf(now.location);
    if (!mounted.current || now.state.address.epoch !== address.epoch || (here !== startedHere && here !== lastWritten.current)) return;
    // The state learns the key before the address shows it, so the loader never takes the address for a new one.
    dispatch(formDataStored({ key, formData, epoch: address.epoch }));
    const target = exploreAddress(now.location, { formDataKey: key, sliceId: slice?.slice_id ?? null, datasource: { id: datasource.id, type: datasource.type } });
    lastWritten.current = target;
    if (target !== here) void navigate(target, { replace: true });
  }, [createFormData, updateFormData, dispatch, navigate]);

  const { formData } = state;
  const { storedFormData } = state.address;
  useEffect(() => {
    if (storedFormData === null || formData === storedFormData) return undefined;
    const timer = setTimeout(() => {
      queue.current = queue.current.then(storeLatest);
    }, STORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [formData, storedFormData, storeLatest]);
}
