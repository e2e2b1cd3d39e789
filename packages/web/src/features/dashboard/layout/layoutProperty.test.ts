import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_ID, ROOT_ID, type DashboardLayout } from '@tessera/core';
import { addComponent } from './addComponent';
import { deleteComponent } from './deleteComponent';
import { defaultLayout } from './defaultLayout';
import { moveComponent } from './moveComponent';
import { NEW_ELEMENT_TYPES, type NewComponentSpec } from './newComponent';
import { resizeComponent } from './resizeComponent';
import { toggleTopLevelTabs } from './toggleTopLevelTabs';
import { sequentialIds } from './layoutTestUtils';
import { validateLayoutTree } from './validateLayoutTree';

/** An action with its targets chosen by index among the layout's current components, so every step can apply. */
type Step =
  | { kind: 'add'; spec: NewComponentSpec; parent: number; index: number }
  | { kind: 'move'; component: number; parent: number; index: number }
  | { kind: 'delete'; component: number }
  | { kind: 'resize'; component: number; width: number; height: number }
  | { kind: 'toggle' };

const spec = fc.oneof(
  fc.constantFrom(...NEW_ELEMENT_TYPES, 'DYNAMIC' as const).map((type): NewComponentSpec => ({ type })),
  fc.integer({ min: 1, max: 40 }).map((chartId): NewComponentSpec => ({ type: 'CHART', chartId })),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), spec, parent: fc.nat(), index: fc.integer({ min: -1, max: 8 }) }),
  fc.record({ kind: fc.constant('move' as const), component: fc.nat(), parent: fc.nat(), index: fc.integer({ min: -1, max: 8 }) }),
  fc.record({ kind: fc.constant('delete' as const), component: fc.nat() }),
  fc.record({ kind: fc.constant('resize' as const), component: fc.nat(), width: fc.integer({ min: -2, max: 14 }), height: fc.integer({ min: -5, max: 200 }) }),
  fc.record({ kind: fc.constant('toggle' as const) }),
);

function apply(layout: DashboardLayout, s: Step, ids: ReturnType<typeof sequentialIds>): DashboardLayout {
  const keys = Object.keys(layout).sort();
  const pick = (n: number) => keys[n % keys.length]!;
  // Dropping on ROOT is a real target (top-level tabs), so it stays in the pool.
  const result =
    s.kind === 'add'
      ? addComponent(layout, s.spec, { parentId: pick(s.parent), index: s.index }, ids)
      : s.kind === 'move'
        ? moveComponent(layout, pick(s.component), { parentId: pick(s.parent), index: s.index }, ids)
        : s.kind === 'delete'
          ? deleteComponent(layout, pick(s.component))
          : s.kind === 'resize'
            ? resizeComponent(layout, pick(s.component), { width: s.width, height: s.height })
            : toggleTopLevelTabs(layout, ids);
  return result.ok ? result.layout : layout;
}

describe('layout operations (property)', () => {
  it('any sequence of actions keeps the tree valid: children exist, one parent each, no row over 12 columns', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 }), fc.array(step, { maxLength: 60 }), (chartCount, steps) => {
        const ids = sequentialIds();
        let layout = defaultLayout(Array.from({ length: chartCount }, (_, i) => ({ id: 100 + i })), ids);
        for (const s of steps) {
          layout = apply(layout, s, ids);
          const problems = validateLayoutTree(layout);
          if (problems.length > 0) throw new Error(`${JSON.stringify(s)} -> ${problems.join('; ')}`);
        }
        expect(layout[ROOT_ID]!.children).toHaveLength(1);
        expect(layout[GRID_ID]).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});
