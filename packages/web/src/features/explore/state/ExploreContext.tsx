import { createContext, useContext, useReducer, type Dispatch, type ReactNode } from 'react';
import { exploreReducer, initialExploreState, type ExploreAction, type ExploreState } from './exploreSlice';

const StateContext = createContext<ExploreState | null>(null);
const DispatchContext = createContext<Dispatch<ExploreAction> | null>(null);

/**
 * The explorer's state lives with the page (one explorer at a time, dropped on leave): the explore slice's reducer
 * run by useReducer, so the app store stays free of page-local state.
 */
export function ExploreStateProvider({ children, initialState = initialExploreState }: { children: ReactNode; initialState?: ExploreState }) {
  const [state, dispatch] = useReducer(exploreReducer, initialState);
  return (
    <DispatchContext.Provider value={dispatch}>
      <StateContext.Provider value={state}>{children}</StateContext.Provider>
    </DispatchContext.Provider>
  );
}

export function useExploreState(): ExploreState {
  const state = useContext(StateContext);
  if (!state) throw new Error('useExploreState needs an ExploreStateProvider');
  return state;
}

export function useExploreDispatch(): Dispatch<ExploreAction> {
  const dispatch = useContext(DispatchContext);
  if (!dispatch) throw new Error('useExploreDispatch needs an ExploreStateProvider');
  return dispatch;
}
