import { useMemo, useState } from 'react';
import { RLS_FILTER_TYPES, type RlsShow } from '@tessera/core';
import { Form, Input, Select } from 'antd';
import { useCreateRlsRuleMutation, useUpdateRlsRuleMutation } from '../../../api/rowLevelSecurityApi';
import { Modal } from '../../../ui/Modal';
import { ErrorMessage, getFieldErrors } from '../../errors';
import { useToasts } from '../../toasts';
import { newRuleValues, ruleBody, RULE_FIELDS, ruleFormValues, tableLabel, type RuleFormValues } from '../utils/ruleFormValues';
import { RelatedSelect } from './RelatedSelect';

interface RowLevelSecurityModalProps {
  /** The rule to edit; null adds one. */
  rule: RlsShow | null;
  onClose: () => void;
}

const HELP = {
  filter_type: 'Regular rules restrict the users holding one of the roles; Base rules restrict everyone except them.',
  roles: 'Regular: the roles the rule applies to. Base: the roles it does not apply to (e.g. Admin, to let admins see all rows).',
  group_key: 'Rules sharing a group key are ORed together; different groups, and rules without a key, are ANDed.',
  clause: "Added to the WHERE of every query on these datasets, e.g. department = 'Finance'. May use {{ current_username() }}.",
};

/** Creates or edits a row level security rule: name, type, datasets, roles, group key, clause, description. Render it only while open. */
export function RowLevelSecurityModal({ rule, onClose }: RowLevelSecurityModalProps) {
  const [form] = Form.useForm<RuleFormValues>();
  const [create, created] = useCreateRlsRuleMutation();
  const [update, updated] = useUpdateRlsRuleMutation();
  const { addSuccessToast } = useToasts();
  const [error, setError] = useState<unknown>(null);
  const knownTables = useMemo(() => (rule?.tables ?? []).map((t) => ({ value: t.id, text: tableLabel(t) })), [rule]);
  const knownRoles = useMemo(() => (rule?.roles ?? []).map((r) => ({ value: r.id, text: r.name })), [rule]);

  const submit = async () => {
    setError(null);
    let values: RuleFormValues;
    try {
      values = await form.validateFields();
      values = { ...(form.getFieldsValue(true) as RuleFormValues), ...values };
    } catch {
      return;
    }
    try {
      const body = ruleBody(values);
      if (rule) await update({ id: rule.id, body }).unwrap();
      else await create(body).unwrap();
      addSuccessToast(rule ? `Rule ${body.name} saved` : `Rule ${body.name} added`);
      onClose();
    } catch (caught) {
      // The API's field messages go under their fields; anything else (unknown dataset, duplicate name) above the form.
      const fieldErrors = Object.entries(getFieldErrors(caught));
      const known = fieldErrors.filter(([name]) => (RULE_FIELDS as readonly string[]).includes(name));
      form.setFields(known.map(([name, errors]) => ({ name: name as keyof RuleFormValues, errors })));
      if (known.length === 0 || known.length < fieldErrors.length) setError(caught);
    }
  };

  return (
    <Modal
      open
      title={rule ? 'Edit rule' : 'Add rule'}
      onCancel={onClose}
      onConfirm={() => void submit()}
      confirmText={rule ? 'Save' : 'Add'}
      confirmLoading={created.isLoading || updated.isLoading}
      dataTest="rls-modal"
    >
      {error ? (
        <div style={{ marginBottom: 16 }}>
          <ErrorMessage error={error} />
        </div>
      ) : null}
      <Form<RuleFormValues> form={form} name="rls" layout="vertical" initialValues={rule ? ruleFormValues(rule) : newRuleValues()}>
        <Form.Item
          label="Rule name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: 'Please enter a rule name' },
            { max: 255, message: 'Length must be between 1 and 255.' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Filter type" name="filter_type" tooltip={HELP.filter_type} rules={[{ required: true, message: 'Please choose a filter type' }]}>
          <Select options={RLS_FILTER_TYPES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item label="Datasets" name="tables" rules={[{ required: true, type: 'array', min: 1, message: 'Please choose at least one dataset' }]}>
          <RelatedSelect id="rls_tables" column="tables" placeholder="Choose the datasets the rule restricts" known={knownTables} />
        </Form.Item>
        <Form.Item label="Roles" name="roles" tooltip={HELP.roles}>
          <RelatedSelect id="rls_roles" column="roles" placeholder="Choose roles" known={knownRoles} />
        </Form.Item>
        <Form.Item label="Group key" name="group_key" tooltip={HELP.group_key} rules={[{ max: 255, message: 'Longer than maximum length 255.' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Clause" name="clause" tooltip={HELP.clause} rules={[{ required: true, whitespace: true, message: 'Please enter a clause' }]}>
          <Input.TextArea rows={3} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
