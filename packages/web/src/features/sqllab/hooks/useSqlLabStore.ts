import { useDispatch, useSelector } from 'react-redux';
import type { SqlLabRootState } from '../state/selectors';
import type { SqlLabDispatch } from '../state/thunkTypes';

export const useSqlLabDispatch = () => useDispatch<SqlLabDispatch>();
export const useSqlLabSelector = useSelector.withTypes<SqlLabRootState>();
