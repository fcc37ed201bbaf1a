/**
 * Shift-click on an attack button attacks with the dialog's defaults, as dnd5e and PF2e skip their
 * roll dialogs: the click runs its flow under `withDialogDefaults`, and the flow's dialog, opened
 * through `waitOrDefaults`, is not shown: its default button's callback reads the form as the
 * dialog would have opened it (sections bound, nothing changed).
 */

/** Set while a Shift-click's flow runs; the first dialog it opens takes its defaults. */
let takeDefaults = false;

/** Runs a click's flow; with Shift held, its dialog answers itself with its defaults. */
export async function withDialogDefaults<T>(event: Event | undefined, run: () => Promise<T>): Promise<T> {
  takeDefaults = Boolean((event as MouseEvent | undefined)?.shiftKey);
  try {
    return await run();
  } finally {
    takeDefaults = false;
  }
}

interface DefaultsButton {
  readonly action: string;
  readonly label?: string;
  readonly default?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each dialog's callback types its own event
  readonly callback?: (event: any, button: HTMLButtonElement, dialog: any) => unknown;
}

export interface DefaultsDialogConfig {
  readonly content: string;
  readonly buttons: readonly DefaultsButton[];
  readonly render?: (event: Event, dialog: { element?: HTMLElement }) => void;
  readonly [key: string]: unknown;
}

/** `DialogV2.wait`, unless a Shift-click asked for the defaults: then the default button's answer. */
export async function waitOrDefaults(config: DefaultsDialogConfig): Promise<unknown> {
  if (!takeDefaults) {
    return foundry.applications.api.DialogV2.wait(
      config as unknown as foundry.applications.api.DialogV2.WaitOptions,
    );
  }
  takeDefaults = false;
  const form = document.createElement('form');
  form.innerHTML = `<div class="dialog-content standard-form">${config.content}</div>`;
  config.render?.(new Event('render'), { element: form });
  const chosen = config.buttons.find((b) => b.default) ?? config.buttons[0];
  if (!chosen) return null;
  const button = document.createElement('button');
  button.type = 'submit';
  form.append(button);
  return chosen.callback ? chosen.callback(new Event('submit'), button, null) : chosen.action;
}
