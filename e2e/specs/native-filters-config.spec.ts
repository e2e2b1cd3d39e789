import { expect as baseExpect, test, type Page } from '@playwright/test';
import { exampleDatasetId } from '../pages/chartList.js';
import { DashboardPage, createChartWithParams, createDashboard, rowsLayout, signIn, tableParams, tabbedLayout } from '../pages/dashboard.js';
import { apiCall } from '../pages/explore.js';
import { FiltersConfigModal } from '../pages/filtersConfig.js';

// Shared, often loaded machine: dashboards with their charts can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

type StoredFilter = Record<string, unknown> & { id: string; name?: string; cascadeParentIds?: string[] };

/** The stored `native_filter_configuration` of a dashboard. */
async function storedFilters(page: Page, id: number): Promise<StoredFilter[]> {
  const res = await page.request.get(`/api/v1/dashboard/${id}`);
  const metadata = JSON.parse(((await res.json()) as { result: { json_metadata: string | null } }).result.json_metadata || '{}') as { native_filter_configuration?: StoredFilter[] };
  return metadata.native_filter_configuration ?? [];
}

/** A value filter on birth_names.gender (as the modal saves one), for tests that start with filters. */
function genderFilter(id: string, name: string, datasetId: number, chartId: number): StoredFilter {
  return {
    id,
    type: 'NATIVE_FILTER',
    name,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: 'gender' } }],
    controlValues: { enableEmptyFilter: false, defaultToFirstItem: false, multiSelect: true, searchAllOptions: false, inverseSelection: false, sortAscending: true, creatable: true },
    defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    chartsInScope: [chartId],
    tabsInScope: [],
    description: '',
  };
}

interface Setup {
  dashboardId: number;
  chartId: number;
  datasetId: number;
}

async function dashboardOnBirthNames(page: Page, filters: (datasetId: number, chartId: number) => StoredFilter[] = () => []): Promise<Setup> {
  const datasetId = await exampleDatasetId(page, 'birth_names');
  const chartId = await createChartWithParams(page, datasetId, `Genders ${unique()}`, tableParams(datasetId, 'gender'));
  const dashboardId = await createDashboard(page, { dashboard_title: `Filters config ${unique()}` }, rowsLayout([[chartId]], { width: 8 }));
  const initial = filters(datasetId, chartId);
  if (initial.length > 0) {
    const saved = await apiCall(page, 'PUT', `/api/v1/dashboard/${dashboardId}/filters`, { modified: initial, deleted: [], reordered: [] });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return { dashboardId, chartId, datasetId };
}

async function openModal(page: Page, dashboardId: number): Promise<FiltersConfigModal> {
  const dashboard = new DashboardPage(page);
  await dashboard.open(dashboardId);
  const modal = new FiltersConfigModal(page);
  await modal.openFromBar();
  return modal;
}

const barNames = (page: Page) => page.locator('[data-test="filter-bar"] [data-test="filter-bar-item-name"]');

test.describe('Native filter config modal', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('adds a value filter on a dataset column; it is saved in Superset shape and shown in the bar', async ({ page }) => {
    const { dashboardId, datasetId, chartId } = await dashboardOnBirthNames(page);
    const modal = await openModal(page, dashboardId);
    // No filter yet: the modal starts on a new one.
    await expect(modal.items()).toHaveCount(1);
    await modal.nameInput().fill('Gender');
    await modal.chooseDataset('birth_names');
    await modal.chooseColumn('gender');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/v1/dashboard/${dashboardId}/filters`));
    await modal.save();
    const body = (await put).postDataJSON() as { modified: StoredFilter[]; deleted: string[]; reordered: string[] };
    await expect(modal.root()).toBeHidden();
    await expect(barNames(page)).toHaveText(['Gender']);

    expect(body.deleted).toEqual([]);
    const [stored] = await storedFilters(page, dashboardId);
    expect(stored?.id).toMatch(/^NATIVE_FILTER-[A-Za-z0-9_-]{10}$/);
    expect(stored).toMatchObject({
      type: 'NATIVE_FILTER',
      name: 'Gender',
      filterType: 'filter_select',
      targets: [{ datasetId, column: { name: 'gender' } }],
      controlValues: { multiSelect: true, enableEmptyFilter: false, defaultToFirstItem: false, inverseSelection: false, searchAllOptions: false },
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [chartId],
    });
  });

  test('a deleted filter can be restored within 5 s, and is gone after', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page, (ds, chart) => [genderFilter('NATIVE_FILTER-keepme0001', 'Kept', ds, chart), genderFilter('NATIVE_FILTER-dropme0001', 'Dropped', ds, chart)]);
    const modal = await openModal(page, dashboardId);
    await expect(modal.items()).toHaveCount(2);

    await modal.item('Kept').getByRole('button', { name: 'Delete Kept' }).click();
    await expect(modal.root().getByText('You have removed this filter.')).toBeVisible();
    await modal.restoreButton().click();
    await expect(modal.nameInput()).toHaveValue('Kept');

    await modal.item('Dropped').getByRole('button', { name: 'Delete Dropped' }).click();
    await expect(modal.restoreButton()).toHaveText('Restore filter');
    // NATIVE_FILTER_REMOVAL_DELAY_MS: then the filter leaves the list.
    await expect(modal.item('Dropped')).toHaveCount(0, { timeout: 9_000 });
    await expect(modal.items()).toHaveCount(1);

    await modal.save();
    await expect(modal.root()).toBeHidden();
    await expect(barNames(page)).toHaveText(['Kept']);
    expect((await storedFilters(page, dashboardId)).map((f) => f.id)).toEqual(['NATIVE_FILTER-keepme0001']);
  });

  test('cancel asks first, and discards the edits', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page, (ds, chart) => [genderFilter('NATIVE_FILTER-cancel0001', 'Original', ds, chart)]);
    const modal = await openModal(page, dashboardId);
    await modal.nameInput().fill('Renamed');
    await modal.add('Filter');
    await expect(modal.items()).toHaveCount(2);

    await modal.cancel();
    await expect(modal.root().getByText('There are unsaved changes.')).toBeVisible();
    await expect(modal.root().getByText('Are you sure you want to cancel?')).toBeVisible();
    await modal.root().getByRole('button', { name: 'Keep editing' }).click();
    await expect(modal.items()).toHaveCount(2);

    await modal.cancel();
    await modal.root().getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(modal.root()).toBeHidden();
    await expect(barNames(page)).toHaveText(['Original']);
    expect((await storedFilters(page, dashboardId)).map((f) => f.name)).toEqual(['Original']);

    // Opening again starts from what is stored.
    await page.locator('[data-test="filterbar-action-buttons-settings"]').click();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: 'Add or edit filters' }).click();
    await expect(modal.items()).toHaveCount(1);
    await expect(modal.nameInput()).toHaveValue('Original');
  });

  test('a cycle in parent filters is refused and nothing is saved', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page, (ds, chart) => [
      genderFilter('NATIVE_FILTER-parentaaaa', 'First', ds, chart),
      { ...genderFilter('NATIVE_FILTER-childbbbbb', 'Second', ds, chart), cascadeParentIds: ['NATIVE_FILTER-parentaaaa'] },
    ]);
    const modal = await openModal(page, dashboardId);
    await expect(modal.nameInput()).toHaveValue('First');
    await modal.root().locator('[data-test="filter-option-hierarchical"]').click();
    await modal.choose(modal.root().getByRole('combobox', { name: 'Parent filter' }), 'Second');
    await expect(modal.root().locator('[data-test="filters-config-modal-parents"]')).toContainText('Second');
    // Close the multi-select's dropdown (Escape would reach the modal).
    await modal.root().getByText('Filter Configuration').click();

    let puts = 0;
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/filters')) puts += 1;
    });
    await modal.save();
    await expect(modal.root().getByText('Cannot create cyclic hierarchy')).toBeVisible();
    await expect(modal.root()).toBeVisible();
    expect(puts).toBe(0);
    expect((await storedFilters(page, dashboardId)).find((f) => f.name === 'First')?.cascadeParentIds).toEqual([]);
  });

  test('required fields: save selects the first filter in error and focuses its field', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page, (ds, chart) => [genderFilter('NATIVE_FILTER-valid00001', 'Valid', ds, chart)]);
    const modal = await openModal(page, dashboardId);
    await modal.add('Filter');
    await modal.nameInput().fill('Needs a dataset');
    await modal.add('Filter');
    // Back on the valid filter: save must move to the first filter in error (the second item), on its first bad field.
    await modal.item('Valid').click();
    await modal.save();
    await expect(modal.root().getByText('Dataset is required')).toBeVisible();
    await expect(modal.root().getByRole('combobox', { name: 'Dataset' })).toBeFocused();
    await expect(modal.nameInput()).toHaveValue('Needs a dataset');

    // The third one has no name: fixing the second moves the focus there.
    await modal.chooseDataset('birth_names');
    await modal.chooseColumn('name');
    await modal.save();
    await expect(modal.root().getByText('Name is required')).toBeVisible();
    await expect(modal.nameInput()).toBeFocused();
    expect((await storedFilters(page, dashboardId)).map((f) => f.name)).toEqual(['Valid']);
  });
  test('scoping: unchecking the charts of a tab scopes the filter to the other tab', async ({ page }) => {
    const datasetId = await exampleDatasetId(page, 'birth_names');
    const first = await createChartWithParams(page, datasetId, `In scope ${unique()}`, tableParams(datasetId, 'gender'));
    const secondName = `Out of scope ${unique()}`;
    const second = await createChartWithParams(page, datasetId, secondName, tableParams(datasetId, 'state'));
    const dashboardId = await createDashboard(page, { dashboard_title: `Filters scope ${unique()}` }, tabbedLayout([first], [second]));
    const modal = await openModal(page, dashboardId);
    await modal.nameInput().fill('Scoped');
    await modal.chooseDataset('birth_names');
    await modal.chooseColumn('gender');
    await modal.root().getByRole('tab', { name: 'Scoping' }).click();
    await modal.root().getByText('Apply to specific panels').click();
    const tree = modal.root().locator('[data-test="filters-config-modal-scope-tree"]');
    await expect(tree.getByText('All panels')).toBeVisible();
    await tree.locator('.ant-tree-treenode', { hasText: secondName }).locator('.ant-tree-checkbox').click();
    await modal.save();
    await expect(modal.root()).toBeHidden();
    const [stored] = await storedFilters(page, dashboardId);
    expect(stored).toMatchObject({ scope: { rootPath: ['TAB-first'], excluded: [] }, chartsInScope: [first], tabsInScope: ['TAB-first'] });
  });

  test('dividers, duplicates and drag to reorder are saved in the list order', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page, (ds, chart) => [genderFilter('NATIVE_FILTER-source0001', 'Source', ds, chart)]);
    const modal = await openModal(page, dashboardId);
    await modal.item('Source').getByRole('button', { name: 'Duplicate Source', exact: true }).click();
    await expect(modal.nameInput()).toHaveValue('Source (copy)');
    await modal.add('Divider');
    await modal.root().getByRole('textbox', { name: 'Title' }).fill('  Section  ');
    await modal.root().getByRole('textbox', { name: 'Description' }).fill(' About these filters ');
    await expect(modal.items()).toHaveText(['Source', 'Source (copy)', 'Section']);
    await modal.item('Section').dragTo(modal.item('Source').first());
    await expect(modal.items()).toHaveText(['Section', 'Source', 'Source (copy)']);
    await modal.save();
    await expect(modal.root()).toBeHidden();
    const stored = await storedFilters(page, dashboardId);
    expect(stored.map((f) => f.name ?? f.title)).toEqual(['Section', 'Source', 'Source (copy)']);
    expect(stored[0]).toMatchObject({ type: 'DIVIDER', title: 'Section', description: 'About these filters' });
    expect(stored[0]?.id).toMatch(/^NATIVE_FILTER_DIVIDER-[A-Za-z0-9_-]{10}$/);
    expect(stored[2]).toMatchObject({ type: 'NATIVE_FILTER', filterType: 'filter_select', targets: [{ column: { name: 'gender' } }] });
    expect(stored[2]?.id).not.toBe('NATIVE_FILTER-source0001');
    await expect(barNames(page)).toHaveText(['Source', 'Source (copy)']);
  });
  test('a default value drawn by the filter control is saved with what the control emits', async ({ page }) => {
    const { dashboardId } = await dashboardOnBirthNames(page);
    const modal = await openModal(page, dashboardId);
    await modal.nameInput().fill('Gender');
    await modal.chooseDataset('birth_names');
    await modal.chooseColumn('gender');
    await modal.root().locator('[data-test="filter-option-default"]').click();
    const control = modal.root().locator('[data-test="filters-config-modal-default-value"] [data-test="filter-select"]');
    await modal.choose(control, 'boy');
    await expect(control).toContainText('boy');
    // Close the dropdown with a click elsewhere (Tab would toggle the active option of a multi-select).
    await modal.root().getByText('Filter Configuration').click();
    await modal.save();
    await expect(modal.root()).toBeHidden();
    const [stored] = await storedFilters(page, dashboardId);
    expect(stored?.defaultDataMask).toMatchObject({ extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] }, filterState: { value: ['boy'] } });
    await expect(page.locator('[data-test="filter-bar"] [data-test="filter-bar-item"]')).toContainText('boy');
  });
});
