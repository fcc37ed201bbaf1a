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
