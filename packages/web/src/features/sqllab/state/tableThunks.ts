import { sqllabResourcesApi } from '../../../api/sqllabResourcesApi';
import { tabStateApi } from '../../../api/tabStateApi';
import { addToast } from '../../toasts';
import { nanoid } from '../utils/nanoid';
import { runQuery } from './queryThunks';
import { selectDatabase } from './selectors';
import { addTable, mergeTable, removeQuery, removeTables } from './sqlLabSlice';
import { errorStatus, type SqlLabThunk } from './thunkTypes';
import type { SqlLabTable } from './types';

export const TABLE_MSG = {
  metadata: 'An error occurred while fetching table metadata. Please contact your administrator.',
  expand: 'An error occurred while expanding the table schema. Please contact your administrator.',
  collapse: 'An error occurred while collapsing the table schema. Please contact your administrator.',
  remove: 'An error occurred while removing the table schema. Please contact your administrator.',
};

/** Rows of a table preview. */
export const PREVIEW_LIMIT = 100;

/** Adds a table: expanded, with its metadata, a data preview (unless disabled) and a `tableschemaview` row. */
export function addTableToEditor(editorId: string, dbId: number, schema: string | null, name: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const existing = getState().sqlLab.tables.find(
      (t) => t.queryEditorId === editorId && t.dbId === dbId && t.schema === schema && t.name === name,
    );
    const id = existing?.id ?? nanoid();
    const table: SqlLabTable = existing ?? {
      id,
      remoteId: null,
      dbId,
      queryEditorId: editorId,
      schema,
      name,
      expanded: true,
      dataPreviewQueryId: null,
      columns: [],
      selectStar: null,
      primaryKey: null,
      foreignKeys: [],
      indexes: [],
      initialized: false,
    };
    dispatch(addTable({ ...table, expanded: true }));
    try {
      const meta = await dispatch(sqllabResourcesApi.endpoints.sqlLabTableMetadata.initiate({ dbId, schema, name })).unwrap();
      dispatch(
        mergeTable({
          id,
          changes: {
            columns: meta.columns.map((c) => ({ name: c.name, type: c.type, keys: c.keys ?? [] })),
            selectStar: meta.selectStar,
            primaryKey: meta.primaryKey,
            foreignKeys: meta.foreignKeys ?? [],
            indexes: meta.indexes ?? [],
            initialized: true,
          },
        }),
      );
      const database = selectDatabase(getState(), dbId);
      if (meta.selectStar && database && !database.disable_data_preview) {
        const previewId = await dispatch(
          runQuery({ editorId, dbId, sql: meta.selectStar, schema, queryLimit: PREVIEW_LIMIT, isDataPreview: true, tableName: name }),
        );
        dispatch(mergeTable({ id, changes: { dataPreviewQueryId: previewId } }));
      }
    } catch {
      dispatch(addToast('DANGER_TOAST', TABLE_MSG.metadata));
      return;
    }
    const state = getState();
    const current = state.sqlLab.tables.find((t) => t.id === id);
    const editor = state.sqlLab.queryEditors.find((qe) => qe.id === editorId);
    if (!current || current.remoteId || !state.sqlLab.conf.SQLLAB_BACKEND_PERSISTENCE || editor?.inLocalStorage) return;
    try {
      const { id: remoteId } = await dispatch(
        tabStateApi.endpoints.createTableSchema.initiate({
          queryEditorId: editorId,
          dbId,
          schema,
          name,
          expanded: current.expanded,
          columns: current.columns,
          selectStar: current.selectStar,
          primaryKey: current.primaryKey,
          foreignKeys: current.foreignKeys,
          indexes: current.indexes,
          dataPreviewQueryId: current.dataPreviewQueryId,
        }),
      ).unwrap();
      dispatch(mergeTable({ id, changes: { remoteId } }));
    } catch {
      dispatch(addToast('DANGER_TOAST', TABLE_MSG.metadata));
    }
  };
}

export function setTableExpanded(table: SqlLabTable, expanded: boolean): SqlLabThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(mergeTable({ id: table.id, changes: { expanded } }));
    if (!table.remoteId) return;
    try {
      await dispatch(tabStateApi.endpoints.expandTableSchema.initiate({ id: table.remoteId, expanded })).unwrap();
    } catch (caught) {
      if (errorStatus(caught) !== 404) dispatch(addToast('DANGER_TOAST', expanded ? TABLE_MSG.expand : TABLE_MSG.collapse));
    }
  };
}

export function removeTable(table: SqlLabTable): SqlLabThunk<Promise<void>> {
  return async (dispatch) => {
    if (table.remoteId) {
      try {
        await dispatch(tabStateApi.endpoints.deleteTableSchema.initiate(table.remoteId)).unwrap();
      } catch (caught) {
        if (errorStatus(caught) !== 404) {
          dispatch(addToast('DANGER_TOAST', TABLE_MSG.remove));
          return;
        }
      }
    }
    dispatch(removeTables([table.id]));
    if (table.dataPreviewQueryId) dispatch(removeQuery(table.dataPreviewQueryId));
  };
}
