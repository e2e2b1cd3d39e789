import { sqllabApi } from '../../../api/sqllabApi';
import { getClientErrorObject } from '../../errors';
import { addToast } from '../../toasts';
import { runQuery, stopQuery } from './queryThunks';
import { selectEditor, selectLatestQuery } from './selectors';
import { setCostEstimate, updateQueryEditor } from './sqlLabSlice';
import type { SqlLabThunk } from './thunkTypes';

const UNFINISHED = new Set(['running', 'started', 'pending', 'fetching', 'scheduled']);

/** SQL a run (or cost estimate) uses: the selected text if any, otherwise the whole editor. */
export function sqlToRun(sql: string, selectedText: string | null): string {
  return selectedText && selectedText.trim() ? selectedText : sql;
}

export function runEditorQuery(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), editorId);
    if (!qe || qe.dbId === null) {
      dispatch(addToast('WARNING_TOAST', 'Select a database first.'));
      return;
    }
    const sql = sqlToRun(qe.sql, qe.selectedText);
    if (!sql.trim()) return;
    await dispatch(
      runQuery({
        editorId,
        dbId: qe.dbId,
        sql,
        schema: qe.schema,
        queryLimit: qe.queryLimit,
        templateParams: qe.templateParams,
        tab: qe.name,
      }),
    );
  };
}

export function stopEditorQuery(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const query = selectLatestQuery(getState(), editorId);
    if (query && UNFINISHED.has(query.state)) await dispatch(stopQuery(query.id));
  };
}

export function formatEditorSql(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), editorId);
    if (!qe) return;
    try {
      const sql = await dispatch(sqllabApi.endpoints.formatSql.initiate({ sql: qe.sql, database_id: qe.dbId })).unwrap();
      dispatch(updateQueryEditor(editorId, { sql }));
    } catch (caught) {
      dispatch(addToast('DANGER_TOAST', getClientErrorObject(caught).error));
    }
  };
}

export function parseTemplateParams(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Cost estimate (spec §4: started → returned | failed), on the selection if any. */
export function estimateEditorCost(editorId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const qe = selectEditor(getState(), editorId);
    if (!qe || qe.dbId === null) return;
    dispatch(setCostEstimate({ editorId, estimate: { status: 'started' } }));
    try {
      const result = await dispatch(
        sqllabApi.endpoints.estimateSqlCost.initiate({
          database_id: qe.dbId,
          schema: qe.schema,
          sql: sqlToRun(qe.sql, qe.selectedText),
          template_params: parseTemplateParams(qe.templateParams),
        }),
      ).unwrap();
      dispatch(setCostEstimate({ editorId, estimate: { status: 'returned', result } }));
    } catch (caught) {
      dispatch(setCostEstimate({ editorId, estimate: { status: 'failed', error: getClientErrorObject(caught).error } }));
    }
  };
}
