import { birthsDashboard } from './birthsDashboard.js';
import type { ExampleDashboard } from './exampleDashboard.js';
import { flightsDashboard } from './flightsDashboard.js';
import { salesDashboard } from './salesDashboard.js';
import { worldBankDashboard } from './worldBankDashboard.js';

/** The dashboards (with their charts) loaded at first start, in the order they are created. */
export const EXAMPLE_DASHBOARDS: readonly ExampleDashboard[] = [birthsDashboard, worldBankDashboard, salesDashboard, flightsDashboard];
