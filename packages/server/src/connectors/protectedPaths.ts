import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The absolute path with `.`/`..` and symlinks resolved. Parts that do not exist yet are kept as written
 * after the deepest existing folder is resolved, so a path cannot dodge a check by naming a missing file
 * below a symlink.
 */
export function canonicalPath(p: string, base: string = process.cwd(), depth = 0): string {
  const absolute = path.resolve(base, p);
  const missing: string[] = [];
  let head = absolute;
  for (;;) {
    try {
      return path.join(realpathSync(head), ...missing);
    } catch {
      // A dangling symlink still says where it leads (a file created there later would be opened through it).
      const target = depth < 40 ? linkTarget(head) : null;
      if (target !== null) return canonicalPath(path.join(target, ...missing), path.dirname(head), depth + 1);
      const parent = path.dirname(head);
      if (parent === head) return absolute;
      missing.unshift(path.basename(head));
      head = parent;
    }
  }
}

function linkTarget(file: string): string | null {
  try {
    return lstatSync(file).isSymbolicLink() ? readlinkSync(file) : null;
  } catch {
    return null;
  }
}

/** True when `child` is `parent` or below it (both canonical). */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** True when one path holds the other: reading either would reach the other. */
export function pathsOverlap(a: string, b: string): boolean {
  return isInside(a, b) || isInside(b, a);
}
