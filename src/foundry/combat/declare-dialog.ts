import { t } from '../i18n';
import { bindSections, withoutInactive } from '../apps';

/**
 * Opens a ruleset's declaration form (a template rendered with `context`) in a DialogV2 and
 * resolves the submitted form data, or null when the user closes it. The ruleset's adapter parses
 * and checks the data; the GM-side query checks it again.
 */
export async function promptDeclarationForm(
  template: string,
  context: Record<string, unknown>,
  combatantName: string,
): Promise<Record<string, unknown> | null> {
  const content = await foundry.applications.handlebars.renderTemplate(template, context);
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: t('PDA.Combat.DeclareTitle', { name: combatantName }) },
    content,
    ok: {
      label: t('PDA.Combat.Declare'),
      callback: (_event: Event, button: HTMLButtonElement) => {
        const form = button.form;
        // A field of a hidden section (an intent kind that does not use it) is not sent.
        return form ? withoutInactive(form, new foundry.applications.ux.FormDataExtended(form).object) : null;
      },
    },
    rejectClose: false,
    render: (_event: Event, dialog: { element?: HTMLElement }) => bindSections(dialog.element),
  });
  return result && typeof result === 'object' ? (result as Record<string, unknown>) : null;
}

/** A `<select>` option of a declaration form. */
export interface FormOption {
  readonly value: string;
  readonly label: string;
}

/** The options with the one whose value is `selected` marked (none chosen: the empty option). */
export function markSelected<T extends FormOption>(
  options: readonly T[],
  selected: string | undefined,
): (T & { selected: boolean })[] {
  return options.map((o) => ({ ...o, selected: o.value === (selected ?? '') }));
}

/** The targets a combatant may declare: "—", then every other combatant still in the round. */
export function declarableTargets(
  state: {
    readonly order: readonly { readonly combatantId: string }[];
    readonly out: readonly string[];
    readonly combatants: Readonly<Record<string, { readonly name: string } | undefined>>;
  },
  combatantId: string,
): FormOption[] {
  return [
    { value: '', label: '—' },
    ...state.order
      .filter((e) => e.combatantId !== combatantId && !state.out.includes(e.combatantId))
      .map((e) => ({ value: e.combatantId, label: state.combatants[e.combatantId]?.name ?? e.combatantId })),
  ];
}
