import { GRID_ID, HEADER_ID, ROOT_ID, type DashboardLayout } from '@tessera/core';
import { componentWidth, rowCapacity } from './layoutRules';

/**
 * Problems with a layout tree: a child that does not exist, a component under two parents (or in a cycle), a
 * component nothing reaches (but the GRID kept under top-level tabs and HEADER_ID), a ROW wider than it may be.
 * Empty when the tree is sound; the layout operations keep it so (their property test checks this).
 */
export function validateLayoutTree(layout: DashboardLayout): string[] {
  const problems: string[] = [];
  if (layout[ROOT_ID]?.type !== 'ROOT') return ['no ROOT_ID'];
  const parentOf = new Map<string, string>();
  for (const [key, component] of Object.entries(layout)) {
    if (component.id !== key) problems.push(`${key}: id ${component.id} differs from its key`);
    for (const child of component.children) {
      if (!layout[child]) problems.push(`${component.id}: child ${child} does not exist`);
      if (parentOf.has(child)) problems.push(`${child}: has two parents`);
      parentOf.set(child, component.id);
    }
  }
  const reached = new Set<string>();
  const stack = [ROOT_ID];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (reached.has(id)) {
      problems.push(`${id}: reached twice (cycle)`);
      continue;
    }
    reached.add(id);
    stack.push(...(layout[id]?.children ?? []));
  }
  for (const id of Object.keys(layout)) {
    if (!reached.has(id) && id !== GRID_ID && id !== HEADER_ID) problems.push(`${id}: not reachable from ROOT_ID`);
  }
  for (const component of Object.values(layout)) {
    if (component.type !== 'ROW' || !reached.has(component.id)) continue;
    const width = component.children.reduce((sum, id) => sum + componentWidth(layout[id]), 0);
    if (width > rowCapacity(layout, component.id)) problems.push(`${component.id}: ${width} columns wide`);
  }
  return problems;
}
