import type { DashboardLayout } from '@tessera/core';

/** What a layout operation answers: the new layout, or why the change was refused (a message the user sees, if any). */
export type LayoutResult = { ok: true; layout: DashboardLayout } | { ok: false; message?: string };

/** Where a component goes: the container and the position among its current children (before the move). */
export interface DropDestination {
  parentId: string;
  index: number;
}

/** Thrown inside an operation to refuse it; caught by `runLayoutOp`. */
export class LayoutRefusal extends Error {
  constructor(readonly userMessage?: string) {
    super(userMessage ?? 'refused');
  }
}

export function refuse(message?: string): never {
  throw new LayoutRefusal(message);
}

/** Runs an operation that throws `LayoutRefusal` to refuse, as a `LayoutResult`. */
export function runLayoutOp(op: () => DashboardLayout): LayoutResult {
  try {
    return { ok: true, layout: op() };
  } catch (error) {
    if (error instanceof LayoutRefusal) return error.userMessage ? { ok: false, message: error.userMessage } : { ok: false };
    throw error;
  }
}
