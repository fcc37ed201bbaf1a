/**
 * happy-dom keeps every Window alive (its frame, listeners and timers stay registered) until the
 * window is closed, so the clients of finished tests would pile up in memory and every garbage
 * collection would walk them. A table's windows are closed when the test that opened the table
 * ends, or, for a table opened in a `beforeAll` hook and shared by several tests, after its test
 * file (test/setup.ts). Kept free of heavy imports: the setup file of every test file loads it.
 */
import { onTestFinished } from 'vitest';

/** What closing needs of a happy-dom window. */
export interface ClosableWindow {
  readonly happyDOM: { close(): Promise<void> };
}

/** The windows of one table (clients reloaded later included). */
export class WindowGroup {
  private readonly windows = new Set<ClosableWindow>();
  add(window: ClosableWindow): void {
    this.windows.add(window);
  }
  async close(): Promise<void> {
    const all = [...this.windows];
    this.windows.clear();
    await Promise.all(all.map((w) => w.happyDOM.close()));
  }
}

const afterFile = new Set<WindowGroup>();

/** A group closed when the current test ends; outside a test (a hook), after the test file. */
export function windowGroup(): WindowGroup {
  const group = new WindowGroup();
  try {
    onTestFinished(() => group.close());
  } catch {
    afterFile.add(group);
  }
  return group;
}

/** Closes the windows of the tables the file's hooks opened (test/setup.ts, after each file). */
export async function closeFileWindows(): Promise<void> {
  const groups = [...afterFile];
  afterFile.clear();
  await Promise.all(groups.map((g) => g.close()));
}
