import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useCreateDatabaseMutation, useTestConnectionMutation, useUpdateDatabaseMutation } from '../../../api/databaseApi';
import { getFieldErrors } from '../../errors';
import { useToasts } from '../../toasts';
import { buildDatabasePayload, buildTestConnectionPayload } from '../utils/buildDatabasePayload';
import type { ConnectionChoice, DatabaseFormValues } from '../utils/databaseFormValues';
import { formFieldPath } from '../utils/formFieldPath';

export const CONNECTION_OK = 'Connection looks good!';

interface Options {
  form: FormInstance<DatabaseFormValues>;
  databaseId: number | undefined;
  /** Dotted paths of the fields currently shown. */
  fields: string[];
  onSaved: () => void;
}

/**
 * Test-connection and save of the database form. A failure lands either on the fields it names
 * (422 `{message: {field: [...]}}`) or in `error`, which the modal shows as an alert.
 */
export function useDatabaseSave({ form, databaseId, fields, onSaved }: Options) {
  const { addSuccessToast } = useToasts();
  const [error, setError] = useState<unknown>(null);
  const [testConnection, testState] = useTestConnectionMutation();
  const [createDatabase, createState] = useCreateDatabaseMutation();
  const [updateDatabase, updateState] = useUpdateDatabaseMutation();

  const showFailure = (caught: unknown) => {
    const fieldErrors = Object.entries(getFieldErrors(caught)).map(([path, errors]) => ({ path: formFieldPath(path), errors }));
    const onForm = fieldErrors.filter(({ path }) => fields.includes(path));
    form.setFields(onForm.map(({ path, errors }) => ({ name: path.split('.') as never, errors })));
    if (onForm.length === 0 || onForm.length < fieldErrors.length) setError(caught);
  };

  const values = () => form.getFieldsValue(true) as DatabaseFormValues;

  const test = async (choice: ConnectionChoice) => {
    setError(null);
    try {
      // Only the connection fields matter for a test; the display name and settings do not.
      const connectionFields = fields.filter((path) => path !== 'cache_timeout' && path !== 'database_name');
      await form.validateFields(connectionFields.map((path) => path.split('.')));
    } catch {
      return;
    }
    try {
      await testConnection(buildTestConnectionPayload(values(), choice)).unwrap();
      addSuccessToast(CONNECTION_OK);
    } catch (caught) {
      showFailure(caught);
    }
  };

  const save = async (choice: ConnectionChoice) => {
    setError(null);
    try {
      await form.validateFields(fields.map((path) => path.split('.')));
    } catch {
      return;
    }
    const body = buildDatabasePayload(values(), choice);
    try {
      if (databaseId === undefined) await createDatabase(body).unwrap();
      else await updateDatabase({ id: databaseId, body }).unwrap();
      addSuccessToast(databaseId === undefined ? 'Database connected' : 'Database settings updated');
      onSaved();
    } catch (caught) {
      showFailure(caught);
    }
  };

  return {
    error,
    clearError: () => setError(null),
    test,
    save,
    testing: testState.isLoading,
    saving: createState.isLoading || updateState.isLoading,
  };
}
