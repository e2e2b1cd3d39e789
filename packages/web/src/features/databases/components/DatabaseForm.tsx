import { useState } from 'react';
import type { DatabaseShow, Engine } from '@tessera/core';
import { Button, Flex, Form, Typography } from 'antd';
import { ErrorMessage } from '../../errors';
import { useDatabaseSave } from '../hooks/useDatabaseSave';
import { formValuesFromDatabase, newDatabaseValues, type ConfigurationMethod, type DatabaseFormValues } from '../utils/databaseFormValues';
import { ENGINE_OPTIONS, GENERIC_URI_PLACEHOLDER, isEngine } from '../utils/engines';
import { visibleFields } from '../utils/formFieldPath';
import { AdvancedSettings } from './AdvancedSettings';
import { EngineStep } from './EngineStep';
import { ParametersFields } from './ParametersFields';
import { SqlAlchemyUriFields } from './SqlAlchemyUriFields';

interface DatabaseFormProps {
  /** The database being edited; absent when connecting a new one. */
  database?: DatabaseShow;
  onCancel: () => void;
  onSaved: () => void;
}

/** Body of the connect / edit modal: engine choice, then the parameters or URI form, advanced settings and actions. */
export function DatabaseForm({ database, onCancel, onSaved }: DatabaseFormProps) {
  const [form] = Form.useForm<DatabaseFormValues>();
  const editing = database !== undefined;
  const [engine, setEngine] = useState<Engine | undefined>(database && isEngine(database.backend) ? database.backend : undefined);
  const [method, setMethod] = useState<ConfigurationMethod>(
    database?.configuration_method === 'dynamic_form' && isEngine(database.backend) ? 'dynamic_form' : 'sqlalchemy_form',
  );
  const [step, setStep] = useState<'engine' | 'form'>(editing ? 'form' : 'engine');

  const option = engine ? ENGINE_OPTIONS[engine] : undefined;
  const fields = visibleFields(method, option?.fileBased ?? false);
  const { error, clearError, test, save, testing, saving } = useDatabaseSave({ form, databaseId: database?.id, fields, onSaved });
  const choice = { engine, method };

  const chooseEngine = (next: Engine) => {
    setEngine(next);
    setMethod('dynamic_form');
    const port = ENGINE_OPTIONS[next].defaultPort;
    form.setFieldValue(['parameters', 'port'], port ?? null);
    setStep('form');
  };
  const switchMethod = (next: ConfigurationMethod) => {
    clearError();
    setMethod(next);
    setStep('form');
  };

  return (
    <Form<DatabaseFormValues>
      form={form}
      name="database"
      layout="vertical"
      initialValues={database ? formValuesFromDatabase(database) : newDatabaseValues()}
      onValuesChange={clearError}
    >
      {step === 'engine' ? (
        <EngineStep onSelect={chooseEngine} onUseUri={() => switchMethod('sqlalchemy_form')} />
      ) : (
        <>
          {!editing ? <Typography.Text type="secondary">STEP 2 OF 2</Typography.Text> : null}
          <Typography.Title level={5} style={{ marginTop: 4 }}>
            {method === 'dynamic_form' && option
              ? `Enter the required ${option.label} credentials`
              : 'Connect this database with a SQLAlchemy URI string'}
          </Typography.Title>
          {method === 'dynamic_form' && engine ? (
            <ParametersFields engine={engine} />
          ) : (
            <SqlAlchemyUriFields placeholder={option?.uriPlaceholder ?? GENERIC_URI_PLACEHOLDER} />
          )}
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Button onClick={() => void test(choice)} loading={testing} data-test="test-connection">
              Test connection
            </Button>
            {method === 'dynamic_form' ? (
              <Button type="link" onClick={() => switchMethod('sqlalchemy_form')} data-test="use-sqlalchemy-uri">
                Connect this database with a SQLAlchemy URI string instead
              </Button>
            ) : engine ? (
              <Button type="link" onClick={() => switchMethod('dynamic_form')} data-test="use-dynamic-form">
                Connect this database using the dynamic form instead
              </Button>
            ) : null}
          </Flex>
          {error ? (
            <div style={{ marginTop: 16 }} data-test="database-connection-error">
              <ErrorMessage error={error} />
            </div>
          ) : null}
          <AdvancedSettings />
        </>
      )}
      <Flex justify="flex-end" gap={8} wrap style={{ marginTop: 24 }}>
        {!editing && step === 'form' ? (
          <Button onClick={() => {
              clearError();
              setStep('engine');
            }} data-test="modal-back-button">
            Back
          </Button>
        ) : null}
        <Button onClick={onCancel} data-test="modal-cancel-button">
          Cancel
        </Button>
        {step === 'form' ? (
          <Button type="primary" loading={saving} onClick={() => void save(choice)} data-test="modal-confirm-button">
            {editing ? 'Finish' : 'Connect'}
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}
