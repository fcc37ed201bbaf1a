import { templatePath } from '../constants';

/**
 * Posts a one-shot chat card (a skill roll, a potential-damage roll) rendered from a template,
 * spoken by `actor`, carrying its Foundry Rolls and following the user's roll mode. Multi-step
 * exchanges use the `carte` pipeline (card.ts) instead.
 */
export async function postTemplateCard(
  actor: unknown,
  template: string,
  context: Record<string, unknown>,
  rolls: Roll[],
): Promise<unknown> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath(template), context);
  // The configured class (a test or module may replace it), rather than the global.
  const Message = CONFIG.ChatMessage.documentClass;
  const speaker = Message.getSpeaker({ actor: actor as Actor.Implementation });
  const data: Record<string, unknown> = { content, rolls, speaker };
  const withMode = Message as unknown as {
    applyRollMode?: (d: Record<string, unknown>, mode: string) => unknown;
  };
  withMode.applyRollMode?.(data, String(game.settings?.get('core', 'rollMode') ?? 'publicroll'));
  return Message.create(data as unknown as ChatMessage.CreateData);
}
