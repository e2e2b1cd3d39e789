import { useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Collapse, Form, Input, Select } from 'antd';
import { parseJsonMetadata, UNTITLED_DASHBOARD, type DashboardJsonMetadata } from '@tessera/core';
import { useUpdateDashboardMutation, type DashboardUpdate } from '../../../api/dashboardApi';
import { useDashboardRelatedQuery } from '../../../api/dashboardListApi';
import { Modal } from '../../../ui/Modal';
import { getFieldErrors } from '../../errors';
import { useToasts } from '../../toasts';
import { saveErrorMessage } from '../save/saveErrorMessage';
import { dashboardStateActions, selectDashboardState, type DashboardState } from '../state/dashboardStateSlice';
import { ColorSchemeSelect } from './ColorSchemeSelect';
import { validateMetadataText } from './validateMetadataText';
import { isFeatureEnabled } from '../../../app/featureFlags';

type Info = NonNullable<DashboardState['info']>;

/**
 * Dashboard properties: title, slug, owners, roles (when the server uses them), certification, colour scheme and the
 * JSON metadata. In view mode Save writes at once (PUT); in edit mode the changes join the unsaved edit, saved with it.
 */
export function PropertiesModal({ onClose, onSaved }: { onClose: () => void; onSaved: (info: Info) => void }) {
  const { info, metadata, editMode } = useSelector((state: object) => selectDashboardState(state));
  const dispatch = useDispatch();
  const [title, setTitle] = useState(info?.dashboard_title ?? '');
  const [slug, setSlug] = useState(info?.slug ?? '');
  const [owners, setOwners] = useState<number[]>((info?.owners ?? []).map((owner) => owner.id));
  const [roles, setRoles] = useState<number[]>((info?.roles ?? []).map((role) => role.id));
  const [certifiedBy, setCertifiedBy] = useState(info?.certified_by ?? '');
  const [certificationDetails, setCertificationDetails] = useState(info?.certification_details ?? '');
  const [colorScheme, setColorScheme] = useState<string | null>(metadata.color_scheme ?? null);
  const [metadataText, setMetadataText] = useState(() => {
    const { positions: _positions, ...shown } = metadata;
    return JSON.stringify(shown, null, 2);
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const metadataError = useMemo(() => validateMetadataText(metadataText), [metadataText]);
  // Superset shows and sends `roles` only with DASHBOARD_RBAC on; roles already set stay visible (and editable) without it.
  const showRoles = isFeatureEnabled('DASHBOARD_RBAC') || (info?.roles?.length ?? 0) > 0;
  const { data: ownerOptions } = useDashboardRelatedQuery('owners');
  const { data: roleOptions } = useDashboardRelatedQuery('roles', { skip: !showRoles });
  const [update, { isLoading }] = useUpdateDashboardMutation();
  const { addSuccessToast, addDangerToast } = useToasts();

  if (!info) return null;

  const save = async () => {
    if (metadataError) return;
    const parsed: DashboardJsonMetadata = { ...parseJsonMetadata(metadataText), color_scheme: colorScheme };
    const certified = certifiedBy.trim();
    const nextInfo: Info = {
      ...info,
      dashboard_title: title.trim() || UNTITLED_DASHBOARD,
      slug: slug.trim() || null,
      owners: owners.map((id) => info.owners.find((owner) => owner.id === id) ?? ownerRef(id, ownerOptions?.result)),
      roles: roles.map((id) => info.roles.find((role) => role.id === id) ?? { id, name: String(roleOptions?.result.find((o) => Number(o.value) === id)?.text ?? id) }),
      certified_by: certified || null,
      certification_details: certified ? certificationDetails.trim() || null : null,
    };
    if (editMode) {
      dispatch(dashboardStateActions.saveFinished({ info: nextInfo, metadata: parsed }));
      dispatch(dashboardStateActions.setUnsavedChanges(true));
      onClose();
      return;
    }
    const body: DashboardUpdate = {
      dashboard_title: nextInfo.dashboard_title,
      slug: nextInfo.slug,
      owners,
      certified_by: nextInfo.certified_by,
      certification_details: nextInfo.certification_details,
      json_metadata: JSON.stringify(parsed),
      ...(showRoles ? { roles } : {}),
    };
    try {
      const answer = await update({ id: info.id, ...body }).unwrap();
      dispatch(
        dashboardStateActions.saveFinished({
          ...(answer.last_modified_time !== undefined ? { lastModifiedTime: answer.last_modified_time } : {}),
          info: nextInfo,
          metadata: parsed,
        }),
      );
      addSuccessToast('The dashboard has been saved');
      onSaved(nextInfo);
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error);
      setFieldErrors(fields);
      if (Object.keys(fields).length === 0) addDangerToast(saveErrorMessage(error));
    }
  };

  const fieldError = (name: string) => (fieldErrors[name]?.length ? { validateStatus: 'error' as const, help: fieldErrors[name]!.join(' ') } : {});

  return (
    <Modal
      open
      title="Dashboard properties"
      onCancel={onClose}
      onConfirm={() => void save()}
      confirmText={editMode ? 'Apply' : 'Save'}
      confirmLoading={isLoading}
      confirmDisabled={Boolean(metadataError)}
      width={720}
      dataTest="properties-modal"
    >
      <Form layout="vertical">
        <Form.Item label="Title" {...fieldError('dashboard_title')}>
          <Input aria-label="Title" value={title} onChange={(event) => setTitle(event.target.value)} data-test="dashboard-title-input" />
        </Form.Item>
        <Form.Item label="URL slug" extra="A readable URL for your dashboard" {...fieldError('slug')}>
          <Input aria-label="URL slug" value={slug} onChange={(event) => setSlug(event.target.value)} data-test="dashboard-slug-input" />
        </Form.Item>
        <Form.Item label="Owners" extra="Owners is a list of users who can alter the dashboard." {...fieldError('owners')}>
          <Select
            aria-label="Owners"
            mode="multiple"
            value={owners}
            onChange={setOwners}
            showSearch={{ optionFilterProp: 'label' }}
            options={mergeOptions(info.owners.map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}`.trim() })), ownerOptions?.result)}
          />
        </Form.Item>
        {showRoles ? (
          <Form.Item label="Roles" extra="Roles is a list which defines access to the dashboard." {...fieldError('roles')}>
            <Select
              aria-label="Roles"
              mode="multiple"
              value={roles}
              onChange={setRoles}
              showSearch={{ optionFilterProp: 'label' }}
              options={mergeOptions(info.roles.map((r) => ({ value: r.id, label: r.name })), roleOptions?.result)}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Certified by" extra="Person or group that has certified this dashboard.">
          <Input aria-label="Certified by" value={certifiedBy} onChange={(event) => setCertifiedBy(event.target.value)} />
        </Form.Item>
        <Form.Item label="Certification details" extra="Any additional detail to show in the certification tooltip.">
          <Input aria-label="Certification details" value={certificationDetails} disabled={!certifiedBy.trim()} onChange={(event) => setCertificationDetails(event.target.value)} />
        </Form.Item>
        <Form.Item label="Color scheme">
          <ColorSchemeSelect value={colorScheme} onChange={setColorScheme} style={{ width: '100%' }} />
        </Form.Item>
        <Collapse
          items={[
            {
              key: 'advanced',
              label: 'Advanced',
              children: (
                <Form.Item label="JSON metadata" validateStatus={metadataError ? 'error' : undefined} help={metadataError ?? fieldErrors.json_metadata?.join(' ')}>
                  <Input.TextArea
                    aria-label="JSON metadata"
                    rows={12}
                    style={{ fontFamily: 'monospace' }}
                    value={metadataText}
                    onChange={(event) => setMetadataText(event.target.value)}
                    data-test="dashboard-metadata-editor"
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

function ownerRef(id: number, options: { value: number | string; text: string }[] | undefined) {
  const text = options?.find((option) => Number(option.value) === id)?.text ?? String(id);
  const [first = text, ...rest] = text.split(' ');
  return { id, first_name: first, last_name: rest.join(' ') };
}

function mergeOptions(current: { value: number; label: string }[], related: { value: number | string; text: string }[] | undefined) {
  const byId = new Map(current.map((option) => [option.value, option]));
  for (const option of related ?? []) byId.set(Number(option.value), { value: Number(option.value), label: option.text });
  return [...byId.values()];
}
